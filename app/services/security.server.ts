import { randomBytes } from "node:crypto";
import { googleAuthorizationOrigin } from "~/services/google-auth.server";

// The Google button posts to /auth/google, which redirects to the provider: form-action covers that redirect.
const formAction = ["'self'", googleAuthorizationOrigin].filter(Boolean).join(" ");

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
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
    ].join("; ")
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(self), microphone=(), geolocation=()");
}
