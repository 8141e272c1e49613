// Plain JavaScript: the HTTP bootstrap (app/cli/http-bootstrap.mjs) adds these to every response before it leaves.

/**
 * What every response carries unless the app set its own: JSON calls, redirects, static files and errors get a
 * CSP that loads and frames nothing; pages (nonce scripts, security.server.ts), uploads and pictures keep theirs.
 */
export const BASELINE_HEADERS = Object.freeze({
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
});

/** One year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/**
 * Set-Cookie values with the Secure attribute when the browser reached the app over https and without it over
 * plain http (where a browser would drop a Secure cookie, and sign-in would silently fail): what COOKIE_SECURE
 * unset means. COOKIE_SECURE=true or false leaves the app's own choice.
 * @param {string[]} cookies
 * @param {boolean} https
 * @returns {string[]}
 */
export function withSecureForScheme(cookies, https) {
  return cookies.map((cookie) => {
    const attributes = cookie.split(";").filter((part) => part.trim().toLowerCase() !== "secure");
    return (https ? [...attributes, " Secure"] : attributes).join(";");
  });
}

/**
 * The headers to set on a response whose own headers `current` reads (by lower-case name): the baseline ones it
 * lacks, frame-ancestors 'none' added to a CSP of its own that does not say it (no response may be framed), and
 * HSTS over https.
 * @param {(name: string) => string | undefined} current
 * @param {boolean} https
 * @returns {[string, string][]}
 */
export function headersToSet(current, https) {
  const headers = Object.entries(BASELINE_HEADERS).filter(([name]) => current(name.toLowerCase()) === undefined);
  const policy = current("content-security-policy");
  if (policy !== undefined && !/(^|;)\s*frame-ancestors\b/.test(policy)) {
    headers.push(["Content-Security-Policy", `${policy}; frame-ancestors 'none'`]);
  }
  if (https) headers.push(["Strict-Transport-Security", STRICT_TRANSPORT_SECURITY]);
  return headers;
}
