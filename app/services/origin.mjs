// Plain JavaScript so the HTTP bootstrap (app/cli/http-bootstrap.mjs) and the app share one rule.

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
  if (origin === "null") return fetchSite !== "same-origin";
  return Boolean(origin) && origin !== publicOrigin;
}

export const CROSS_SITE_MESSAGE = "Cross-site request refused";
