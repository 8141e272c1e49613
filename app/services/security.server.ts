import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Security headers for every document response. Inline scripts only run with the per-request nonce. */
export function applySecurityHeaders(headers: Headers, nonce: string, isDevelopment: boolean): void {
  const connectSrc = isDevelopment ? "'self' ws://localhost:* ws://127.0.0.1:*" : "'self'";
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      `connect-src ${connectSrc}`,
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(self), microphone=(), geolocation=()");
}

/**
 * Refuses state-changing requests sent from another site. Browsers send Origin on every cross-origin
 * POST and Sec-Fetch-Site on every request; scripts and mobile clients send neither and are allowed.
 */
export function assertSameOrigin(request: Request): void {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite === "cross-site") throw forbidden();
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null" && origin !== requestOrigin(request)) throw forbidden();
  if (origin === "null" && fetchSite !== "same-origin") throw forbidden();
}

function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const forwardedProto = request.headers.get("X-Forwarded-Proto");
  const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? url.host;
  const protocol = forwardedProto ? `${forwardedProto.split(",")[0].trim()}:` : url.protocol;
  return `${protocol}//${host}`;
}

function forbidden(): Response {
  return Response.json({ message: "Cross-site request refused" }, { status: 403 });
}
