/**
 * Fetching for the recipe import: http(s) only, at most 3 redirects, a time and a size limit, and only from public
 * addresses. Refused: loopback, private, link-local, carrier-grade NAT, multicast, reserved and unspecified ranges
 * in IPv4 and IPv6 (IPv4 inside IPv6 judged as IPv4), and every address of this machine's own interfaces, whatever
 * its range (a server bound to 0.0.0.0 answers on the machine's public address too). The check runs on the
 * addresses DNS gave for the connection being made (and again on the socket's peer once connected), so a name
 * that answers differently on a second lookup cannot slip through. Which addresses: public-address.server.ts.
 *
 * Every failure to reach a page, a refused address included, gives one message: the import must not tell a
 * refused address from a closed or an open port.
 */
import { lookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isRefusedAddress } from "./public-address.server";

const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/** A failure whose message is meant for the person importing. */
export class ImportError extends Error {}

export const UNREACHABLE = "the page could not be reached; only pages on public web addresses can be imported";

/** RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS=true lets tests import from a server on this machine. */
export function privateHostsAllowedByEnv(): boolean {
  return process.env.RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS === "true";
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
