// Plain JavaScript so the HTTP bootstrap (app/cli/http-bootstrap.mjs) and the app share one trusted-proxy rule.

/**
 * TRUST_PROXY as a rule: unset, "false" or "0" trusts no proxy; a number N trusts the N proxies nearest to the
 * app ("true" is 1); a comma-separated list trusts the proxies at exactly those addresses.
 * @param {string | undefined} value
 * @returns {{ hops: number, addresses: string[] }}
 */
export function parseTrustProxy(value) {
  const text = (value ?? "").trim();
  if (text === "" || text === "false") return { hops: 0, addresses: [] };
  if (text === "true") return { hops: 1, addresses: [] };
  if (/^\d{1,2}$/.test(text)) return { hops: Number(text), addresses: [] };
  const addresses = text.split(",").map((address) => normalizeAddress(address.trim()));
  if (addresses.every((address) => /^[\d.]{7,15}$|^[0-9a-f:]{2,39}$/i.test(address))) return { hops: 0, addresses };
  throw new Error(
    `TRUST_PROXY must be false, true, a number of proxy hops or a comma-separated list of proxy addresses (got "${text}")`
  );
}

/** "::ffff:10.0.0.1" (IPv4 on an IPv6 socket) as "10.0.0.1"; lower case. */
function normalizeAddress(address) {
  const lower = address.toLowerCase();
  return lower.startsWith("::ffff:") && lower.includes(".") ? lower.slice(7) : lower;
}

/** The comma-separated entries of a header, trimmed, empty ones dropped. */
function entries(value) {
  return String(value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Who sent the request and where it was sent to, as the browser sees it. X-Forwarded-For is read from the right:
 * each trusted proxy appended the address it got the request from, so the client is the first address a trusted
 * proxy vouches for; entries further left were written by the client and are ignored. X-Forwarded-Proto and
 * X-Forwarded-Host count only when the socket's peer is a trusted proxy (their last entry, the nearest proxy's);
 * otherwise the socket's scheme and the Host header are used.
 * @param {{ remoteAddress?: string, encrypted: boolean, headers: { get(name: string): string | null },
 *   trust: { hops: number, addresses: string[] } }} request
 * @returns {{ address: string, proto: "http" | "https", host: string, origin: string }}
 */
export function clientView({ remoteAddress, encrypted, headers, trust }) {
  const socket = remoteAddress ? normalizeAddress(remoteAddress) : "unknown";
  const chain = [...entries(headers.get("x-forwarded-for")).map(normalizeAddress), socket];
  let trusted = 0;
  if (trust.hops > 0) trusted = Math.min(trust.hops, chain.length - 1);
  else while (trusted < chain.length - 1 && trust.addresses.includes(chain[chain.length - 1 - trusted])) trusted++;
  // With a hop count the app is reachable only through its proxy, so the socket's peer is that proxy.
  const viaProxy = trust.hops > 0 || trust.addresses.includes(socket);
  const forwardedProto = viaProxy ? entries(headers.get("x-forwarded-proto")).at(-1)?.toLowerCase() : undefined;
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : encrypted ? "https" : "http";
  const host =
    (viaProxy ? entries(headers.get("x-forwarded-host")).at(-1) : undefined) ?? headers.get("host") ?? "localhost";
  return { address: chain[chain.length - 1 - trusted], proto, host, origin: `${proto}://${host}` };
}

/** Headers the bootstrap sets from clientView on every request (replacing any a client sent). */
export const CLIENT_HEADERS = Object.freeze({
  address: "x-recipe-helper-client-address",
  proto: "x-recipe-helper-client-proto",
  host: "x-recipe-helper-client-host",
});
