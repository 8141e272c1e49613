// What the HTTP bootstrap (http-bootstrap.mjs) answers itself, before Remix: the one place where cross-site writes
// are refused (docs/decisions/007-one-cross-site-rule.md). Plain JavaScript without side effects, so the tests can
// put a route's handler behind the same refusals.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request was sent by a page of another site. Browsers send Origin on every
 * cross-origin POST and Sec-Fetch-Site on every request; scripts and mobile clients send neither.
 * @param {string} method
 * @param {{ get(name: string): string | null }} headers
 * @param {string} publicOrigin the origin the browser sent the request to, by the trusted-proxy rule
 *   (clientView in proxy.mjs), e.g. "https://recipes.example"
 * @returns {boolean}
 */
export function isCrossSiteWrite(method, headers, publicOrigin) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") return true;
  const origin = headers.get("origin");
  // An opaque origin (a sandboxed frame, a data: or file: page) is never this app's page, whatever else is sent.
  if (origin === "null") return true;
  return Boolean(origin) && origin !== publicOrigin;
}

export const CROSS_SITE_MESSAGE = "Cross-site request refused";

/**
 * Why the request is answered before the app, or null: TRACE (405), an address with malformed percent-encoding
 * (400) — Remix would answer both with a 500 or a logged stack — and a cross-site write (403; Remix's own check
 * answers a page's with a 500 and lets JSON calls and data requests through).
 * @param {{ method?: string; url?: string; headers: { get(name: string): string | null }; publicOrigin: string }} request
 * @returns {{ status: number; message: string; headers?: Record<string, string> } | null}
 */
export function refusalBeforeApp({ method: sent, url, headers, publicOrigin }) {
  const method = (sent ?? "GET").toUpperCase();
  if (method === "TRACE") {
    return { status: 405, message: "Method not allowed", headers: { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE" } };
  }
  try {
    decodeURIComponent(url ?? "/");
  } catch {
    return { status: 400, message: "The address is not valid (malformed percent-encoding)" };
  }
  if (isCrossSiteWrite(method, headers, publicOrigin)) return { status: 403, message: CROSS_SITE_MESSAGE };
  return null;
}
