import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/services/password.server";
import { refusalBeforeApp } from "~/cli/refusals.mjs";
import { requestClient } from "~/services/client.server";
import { applySecurityHeaders } from "~/services/security.server";

function post(headers: Record<string, string>) {
  return new Request("http://localhost:3000/login", { method: "POST", headers });
}

/** The status the HTTP bootstrap refuses the request with before the app, or null when the app gets it. */
function refusal(request: Request): number | null {
  const { method, url, headers } = request;
  return refusalBeforeApp({ method, url, headers, publicOrigin: requestClient(request).origin })?.status ?? null;
}

describe("cross-site writes", () => {
  it("allows same-origin posts and clients that send no Origin (scripts, apps)", () => {
    expect(refusal(post({ Origin: "http://localhost:3000" }))).toBeNull();
    expect(refusal(post({}))).toBeNull();
  });
  it("refuses posts from another origin or marked cross-site", () => {
    expect(refusal(post({ Origin: "https://evil.example" }))).toBe(403);
    expect(refusal(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(403);
  });
  it("accepts the public https origin the bootstrap worked out behind a trusted reverse proxy", () => {
    const request = post({
      Origin: "https://recipes.example",
      "X-Recipe-Helper-Client-Proto": "https",
      "X-Recipe-Helper-Client-Host": "recipes.example",
    });
    expect(refusal(request)).toBeNull();
  });
  it("does not believe X-Forwarded-Host or X-Forwarded-Proto when no proxy is trusted (TRUST_PROXY unset)", () => {
    const request = post({
      Origin: "https://evil.example",
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Host": "evil.example",
    });
    expect(refusal(request)).toBe(403);
  });
  it("never blocks reads", () => {
    expect(
      refusal(new Request("http://localhost:3000/home", { headers: { Origin: "https://evil.example" } }))
    ).toBeNull();
  });
});

describe("security headers", () => {
  it("allow inline scripts only with the nonce and forbid framing", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, "abc123", false);
    const csp = headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("password hashing", () => {
  it("verifies the right password only, with a different salt each time", async () => {
    const first = await hashPassword("Secret123");
    const second = await hashPassword("Secret123");
    expect(first).not.toBe(second);
    expect(await verifyPassword("Secret123", first)).toBe(true);
    expect(await verifyPassword("secret123", first)).toBe(false);
    expect(await verifyPassword("Secret123", "garbage")).toBe(false);
  });
});
