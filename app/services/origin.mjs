// Plain JavaScript so the HTTP bootstrap (app/cli/http-bootstrap.mjs) and the app share one rule.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request was sent by a page of another site. Browsers send Origin on every
 * cross-origin POST and Sec-Fetch-Site on every request; scripts and mobile clients send neither.
 * @param {string} method
 * @param {{ get(name: string): string | null }} headers
 * @param {string} serverOrigin origin the request reached, e.g. "http://localhost:3000"
 * @returns {boolean}
 */
export function isCrossSiteWrite(method, headers, serverOrigin) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") return true;
  const origin = headers.get("origin");
  if (origin === "null") return fetchSite !== "same-origin";
  return Boolean(origin) && origin !== publicOrigin(headers, serverOrigin);
}

/**
 * The origin the browser sees, allowing for a reverse proxy that terminates TLS.
 * @param {{ get(name: string): string | null }} headers
 * @param {string} serverOrigin
 */
function publicOrigin(headers, serverOrigin) {
  const url = new URL(serverOrigin);
  const proto = headers.get("x-forwarded-proto")?.split(",")[0].trim();
  const host = headers.get("x-forwarded-host")?.split(",")[0].trim() || headers.get("host") || url.host;
  return `${proto ? `${proto}:` : url.protocol}//${host}`;
}

export const CROSS_SITE_MESSAGE = "Cross-site request refused";
