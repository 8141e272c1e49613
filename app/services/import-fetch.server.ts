/**
 * Fetching for the recipe import: http(s) only, at most 3 redirects, a time and a size limit, and only from public
 * addresses. Refused: loopback, private, link-local, carrier-grade NAT, multicast, reserved and unspecified ranges
 * in IPv4 and IPv6 (IPv4 inside IPv6 judged as IPv4), and every address of this machine's own interfaces, whatever
 * its range (a server bound to 0.0.0.0 answers on the machine's public address too). The check runs on the
 * addresses DNS gave for the connection being made (and again on the socket's peer once connected), so a name
 * that answers differently on a second lookup cannot slip through.
 *
 * Every failure to reach a page, a refused address included, gives one message: the import must not tell a
 * refused address from a closed or an open port.
 */
import { lookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";

const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/** A failure whose message is meant for the person importing. */
export class ImportError extends Error {}

export const UNREACHABLE = "the page could not be reached; only pages on public web addresses can be imported";

/** RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS=true lets tests import from a server on this machine. */
export function privateHostsAllowedByEnv(): boolean {
  return process.env.RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS === "true";
}

// ---------- addresses ----------

const PRIVATE_IPV4_RANGES: [string, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
];

function ipv4Number(address: string): number {
  return address.split(".").reduce((total, part) => total * 256 + Number(part), 0);
}

function isPrivateIpv4(address: string): boolean {
  const value = ipv4Number(address);
  return PRIVATE_IPV4_RANGES.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(value / size) === Math.floor(ipv4Number(base) / size);
  });
}

/** The eight 16-bit groups of an IPv6 address, with an embedded dotted IPv4 tail expanded and a zone dropped. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%[\s\S]*$/, "");
  const dotted = text.match(/(?<![\d.])(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const value = ipv4Number(dotted[1]);
    text = text.replace(dotted[1], `${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`);
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = parse(tail);
  return tail === undefined ? start : [...start, ...Array(8 - start.length - end.length).fill(0), ...end];
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The IPv4 address an IPv6 address carries and reaches: IPv4-compatible (:: and ::1 too), -mapped, NAT64, 6to4. */
function embeddedIpv4(groups: number[]): string | null {
  const allZeroBefore = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (allZeroBefore(6)) return ipv4Of(groups[6], groups[7]);
  if (allZeroBefore(5) && groups[5] === 0xffff) return ipv4Of(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return ipv4Of(groups[6], groups[7]);
  if (groups[0] === 0x2002) return ipv4Of(groups[1], groups[2]);
  return null;
}

function isPrivateIpv6(groups: number[]): boolean {
  return (
    (groups[0] & 0xfe00) === 0xfc00 || // unique local
    (groups[0] & 0xffc0) === 0xfe80 || // link-local
    (groups[0] & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (groups[0] & 0xff00) === 0xff00 // multicast
  );
}

/** One spelling per address: dotted IPv4 (also for IPv4 inside IPv6), else the eight IPv6 groups in hex. */
function addressKey(address: string): { key: string; ipv4: boolean } | null {
  const bare = address.replace(/%[\s\S]*$/, "");
  const version = isIP(bare);
  if (version === 4) return { key: bare, ipv4: true };
  if (version !== 6) return null;
  const groups = ipv6Groups(bare);
  const ipv4 = embeddedIpv4(groups);
  return ipv4 ? { key: ipv4, ipv4: true } : { key: groups.map((group) => group.toString(16)).join(":"), ipv4: false };
}

/** Loopback, private, link-local, CGNAT, multicast, unspecified and IPv6 unique-local/link-local addresses. */
export function isPrivateAddress(address: string): boolean {
  const parsed = addressKey(address);
  if (!parsed) return true;
  return parsed.ipv4 ? isPrivateIpv4(parsed.key) : isPrivateIpv6(ipv6Groups(parsed.key));
}

/** Every address of this machine's interfaces, read at each check (addresses change, e.g. by DHCP). */
function ownAddressKeys(): Set<string> {
  const keys = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      const parsed = addressKey(entry.address);
      if (parsed) keys.add(parsed.key);
    }
  }
  return keys;
}

/** Private or local by range, or one of this machine's own addresses. */
export function isRefusedAddress(address: string): boolean {
  return isPrivateAddress(address) || ownAddressKeys().has(addressKey(address)!.key);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup for http(s).request: a name with any refused address among its answers is not connected to. */
function guardedLookup(allowPrivateHosts: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!allowPrivateHosts && addresses.some((entry) => isRefusedAddress(entry.address))) {
        return callback(new ImportError(UNREACHABLE), []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

// ---------- fetching ----------

function checkUrl(url: URL, allowPrivateHosts: boolean): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ImportError("only http and https URLs can be imported");
  }
  if (url.username || url.password) throw new ImportError("URLs with credentials are not imported");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !allowPrivateHosts && isRefusedAddress(host)) throw new ImportError(UNREACHABLE);
}

function get(url: URL, allowPrivateHosts: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        // A fresh connection each time: a kept-alive one would skip the checks below.
        agent: false,
        lookup: guardedLookup(allowPrivateHosts),
        signal,
        headers: {
          Accept: "text/html, application/ld+json, application/json",
          "User-Agent": "RecipeHelper-Import/1.0",
        },
      },
      resolve
    );
    // Registered before the request is written to the socket, so a refused peer is sent nothing.
    request.on("socket", (socket) => {
      socket.once("connect", () => {
        if (!allowPrivateHosts && isRefusedAddress(socket.remoteAddress ?? ""))
          request.destroy(new ImportError(UNREACHABLE));
      });
    });
    request.on("error", reject);
  });
}

/** The body; refused, without reading on, once the declared or received size passes `limit`. */
export async function readBody(response: IncomingMessage, limit: number, what: "page" | "photo"): Promise<Buffer> {
  const tooLarge = () => {
    response.destroy();
    return new ImportError(`the ${what} is larger than ${limit / 1024 / 1024} MB`);
  };
  if (Number(response.headers["content-length"] ?? 0) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** An ImportError for the person importing: whatever kept the page from being reached reads the same. */
export function fetchFailure(error: unknown): ImportError {
  if (error instanceof ImportError) return error;
  const { cause } = error as { cause?: unknown };
  if (cause instanceof ImportError) return cause;
  return new ImportError(UNREACHABLE);
}

/** GETs a URL: http(s) only, public addresses only, at most 3 redirects, 10 s; the final response (200), its URL. */
export async function fetchOk(
  address: string,
  allowPrivateHosts: boolean
): Promise<{ response: IncomingMessage; url: URL }> {
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ImportError("not a valid URL");
  }
  for (let redirects = 0; ; redirects++) {
    checkUrl(url, allowPrivateHosts);
    const response = await get(url, allowPrivateHosts, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new ImportError(`more than ${MAX_REDIRECTS} redirects`);
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new ImportError(`the server answered HTTP ${status}`);
    }
    return { response, url };
  }
}
