/**
 * The HTTP bootstrap (app/cli/http-bootstrap.mjs) that `npm start` preloads into remix-serve, run the same way in
 * front of a small server standing in for the app: cross-site writes refused with a 403 before the app sees them,
 * the client address taken from the socket (or a trusted proxy), and security headers on every response, with
 * HSTS only for requests that came over https.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSS_SITE_MESSAGE } from "~/services/origin.mjs";
import { BASELINE_HEADERS, STRICT_TRANSPORT_SECURITY } from "~/services/response-headers.mjs";

const BOOTSTRAP = path.resolve("app/cli/http-bootstrap.mjs");

/**
 * Reads the body, then answers with what reached it (method, path, client address, body size) as JSON and no
 * headers of its own;
 * /page answers like a Remix page, with its own CSP; /picture like an upload, with a CSP that does not mention
 * framing, given to writeHead itself.
 */
const APP = `
const http = require("node:http");
http.createServer((request, response) => {
  if (request.url === "/page") response.setHeader("Content-Security-Policy", "script-src 'self' 'nonce-abc'; frame-ancestors 'none'");
  if (request.url === "/picture") response.writeHead(200, { "Content-Type": "image/webp", "Content-Security-Policy": "default-src 'none'; sandbox" });
  let bytes = 0;
  request.on("data", (chunk) => { bytes += chunk.length; });
  request.on("end", () => {
    response.end(JSON.stringify({ reached: request.method + " " + request.url, address: request.headers["x-recipe-helper-client-address"], bytes }));
  });
}).listen(0, "127.0.0.1", function () { console.log(this.address().port); });
`;

type Server = { origin: string; child: ChildProcess };
const folder = mkdtempSync(path.join(tmpdir(), "bootstrap-"));

/** The stand-in app behind the bootstrap, started from an empty folder so no .env is read. */
function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ["--import", BOOTSTRAP, "-e", APP], { cwd: folder, env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env } });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.stderr.on("data", (chunk) => reject(new Error(String(chunk))));
    child.stdout.once("data", (chunk) => resolve({ origin: `http://127.0.0.1:${String(chunk).trim()}`, child }));
  });
}

let direct: Server;
let behindProxy: Server;
beforeAll(async () => {
  [direct, behindProxy] = await Promise.all([startServer({}), startServer({ TRUST_PROXY: "true" })]);
});
afterAll(() => {
  direct?.child.kill();
  behindProxy?.child.kill();
  rmSync(folder, { recursive: true, force: true });
});

const send = (server: Server, pathname: string, init: RequestInit = {}) => fetch(`${server.origin}${pathname}`, { redirect: "manual", ...init });
const reached = async (response: Response) => ((await response.json()) as { reached?: string }).reached ?? null;

describe("cross-site writes", () => {
  it("are refused with a 403 and a message before the app sees them", async () => {
    const crossSite: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: "null", "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of crossSite) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const response = await send(direct, "/api/favorites", { method, headers, body: "{}" });
        expect(response.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.json()).toEqual({ message: CROSS_SITE_MESSAGE });
      }
    }
  });

  it("let same-origin writes, scripts without an Origin, and reads from anywhere through", async () => {
    expect(await reached(await send(direct, "/login", { method: "POST", headers: { Origin: direct.origin }, body: "x" }))).toBe("POST /login");
    expect(await reached(await send(direct, "/login", { method: "POST", body: "x" }))).toBe("POST /login");
    expect(await reached(await send(direct, "/home", { headers: { Origin: "https://evil.example" } }))).toBe("GET /home");
  });
});

describe("request bodies", () => {
  const MB = 1024 * 1024;
  /** A body streamed in 1 MB chunks, so it goes without a Content-Length (chunked). */
  const streamed = (size: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < size; sent += MB) controller.enqueue(new Uint8Array(Math.min(MB, size - sent)));
        controller.close();
      },
    });
  const post = (body: BodyInit) => send(direct, "/search", { method: "POST", body, duplex: "half" } as RequestInit);

  it("up to 16 MB reach the app, with or without a Content-Length", async () => {
    expect((await (await post(new Uint8Array(12 * MB))).json()).bytes).toBe(12 * MB);
    expect((await (await post(streamed(12 * MB))).json()).bytes).toBe(12 * MB);
  });

  it("over 16 MB: a 413 when the length is declared, the connection cut when it is not", async () => {
    // Only the headers are sent: the answer must come before any of the body (a client still uploading when
    // the server closes may see EPIPE instead, which made a fetch of a real 17 MB body flaky).
    const declared = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const request = http.request(`${direct.origin}/search`, { method: "POST", headers: { "Content-Length": String(17 * MB) } });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode, body }));
      });
      request.on("error", reject);
      request.flushHeaders();
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ message: "Request body is too large" });
    await expect(post(streamed(40 * MB))).rejects.toThrow();
  });
});

describe("client address", () => {
  it("comes from the socket, whatever the request claims", async () => {
    const response = await send(direct, "/", { headers: { "X-Recipe-Helper-Client-Address": "203.0.113.9", "X-Forwarded-For": "203.0.113.8" } });
    expect((await response.json()).address).toBe("127.0.0.1");
  });

  it("comes from X-Forwarded-For behind a trusted proxy (TRUST_PROXY=true)", async () => {
    const response = await send(behindProxy, "/", { headers: { "X-Forwarded-For": "203.0.113.8, 10.0.0.1" } });
    expect((await response.json()).address).toBe("203.0.113.8");
  });
});

describe("security headers", () => {
  const baseline = Object.entries(BASELINE_HEADERS);

  it("every response without its own gets the baseline: nothing loads or frames it, no sniffing", async () => {
    for (const response of [await send(direct, "/api/menus"), await send(direct, "/uploads/avatars/x.webp"), await send(direct, "/x", { method: "POST", headers: { Origin: "https://evil.example" } })]) {
      for (const [name, value] of baseline) expect(response.headers.get(name), `${response.url} ${name}`).toBe(value);
    }
  });

  it("a page keeps its own CSP (nonce scripts) and gets the rest", async () => {
    const response = await send(direct, "/page");
    expect(response.headers.get("Content-Security-Policy")).toBe("script-src 'self' 'nonce-abc'; frame-ancestors 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("a CSP of its own that does not forbid framing gets frame-ancestors 'none' added", async () => {
    const response = await send(direct, "/picture");
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("HSTS only when a trusted proxy says the request came over https", async () => {
    const https = { "X-Forwarded-Proto": "https" };
    expect((await send(behindProxy, "/", { headers: https })).headers.get("Strict-Transport-Security")).toBe(STRICT_TRANSPORT_SECURITY);
    expect((await send(behindProxy, "/page", { headers: https })).headers.get("Strict-Transport-Security")).toBe(STRICT_TRANSPORT_SECURITY);
    expect((await send(behindProxy, "/", { headers: { "X-Forwarded-Proto": "http" } })).headers.get("Strict-Transport-Security")).toBeNull();
    expect((await send(behindProxy, "/")).headers.get("Strict-Transport-Security")).toBeNull();
    // Without TRUST_PROXY anyone could send the header: it proves nothing.
    expect((await send(direct, "/", { headers: https })).headers.get("Strict-Transport-Security")).toBeNull();
  });
});
