/**
 * The HTTP bootstrap (app/cli/http-bootstrap.mjs) that `npm start` preloads into remix-serve, run the same way in
 * front of a small server standing in for the app: cross-site writes refused with a 403 before the app sees them,
 * the client address taken from the socket (or a trusted proxy), and security headers on every response, with
 * HSTS only for requests that came over https; and only a few requests worked on at once (REQUESTS_AT_ONCE).
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSS_SITE_MESSAGE } from "~/cli/refusals.mjs";
import { BASELINE_HEADERS, STRICT_TRANSPORT_SECURITY } from "~/services/response-headers.mjs";

const BOOTSTRAP = path.resolve("app/cli/http-bootstrap.mjs");

/**
 * Reads the body, then answers with what reached it (method, path, client address, body size) as JSON and no
 * headers of its own;
 * /page answers like a Remix page, with its own CSP; /picture like an upload, with a CSP that does not mention
 * framing, given to writeHead itself; /slow answers after 50 ms with the most requests it has had at once; /hang
 * never answers (every answer says how many /hang reached it).
 */
const APP = `
const http = require("node:http");
let active = 0;
let peak = 0;
let hung = 0;
http.createServer((request, response) => {
  if (request.url === "/hang") return void (hung += 1);
  if (request.url === "/slow") {
    peak = Math.max(peak, ++active);
    setTimeout(() => { active -= 1; response.end(JSON.stringify({ peak })); }, 50);
    return;
  }
  if (request.url === "/page") response.setHeader("Content-Security-Policy", "script-src 'self' 'nonce-abc'; frame-ancestors 'none'");
  if (request.url === "/picture") response.writeHead(200, { "Content-Type": "image/webp", "Content-Security-Policy": "default-src 'none'; sandbox" });
  if (request.url === "/cookie") response.setHeader("Set-Cookie", ["__session=a; Path=/; HttpOnly; Secure", "__other=b; Path=/"]);
  let bytes = 0;
  request.on("data", (chunk) => { bytes += chunk.length; });
  request.on("end", () => {
    const client = (name) => request.headers["x-recipe-helper-client-" + name];
    response.end(JSON.stringify({ reached: request.method + " " + request.url, address: client("address"), proto: client("proto"), host: client("host"), bytes, hung }));
  });
}).listen(0, "127.0.0.1", function () { console.log(this.address().port); });
`;

type Server = { origin: string; child: ChildProcess };
const folder = mkdtempSync(path.join(tmpdir(), "bootstrap-"));

/** The stand-in app behind the bootstrap, started from an empty folder so no .env is read. */
function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ["--import", BOOTSTRAP, "-e", APP], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.stderr.on("data", (chunk) => reject(new Error(String(chunk))));
    child.stdout.once("data", (chunk) => resolve({ origin: `http://127.0.0.1:${String(chunk).trim()}`, child }));
  });
}

let direct: Server;
let behindProxy: Server;
let behindTwo: Server;
let byAddress: Server;
let alwaysSecure: Server;
let oneAtOnce: Server;
let unlimited: Server;
let emptySetting: Server;
beforeAll(async () => {
  [direct, behindProxy, behindTwo, byAddress, alwaysSecure, oneAtOnce, unlimited, emptySetting] = await Promise.all([
    startServer({}),
    startServer({ TRUST_PROXY: "true" }),
    startServer({ TRUST_PROXY: "2" }),
    startServer({ TRUST_PROXY: "10.9.9.9, 127.0.0.1" }),
    startServer({ COOKIE_SECURE: "true" }),
    startServer({ REQUESTS_AT_ONCE: "1" }),
    startServer({ REQUESTS_AT_ONCE: "0" }),
    startServer({ REQUESTS_AT_ONCE: "" }),
  ]);
});
afterAll(() => {
  for (const server of [direct, behindProxy, behindTwo, byAddress, alwaysSecure, oneAtOnce, unlimited, emptySetting])
    server?.child.kill();
  rmSync(folder, { recursive: true, force: true });
});

const send = (server: Server, pathname: string, init: RequestInit = {}) =>
  fetch(`${server.origin}${pathname}`, { redirect: "manual", ...init });
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
    expect(
      await reached(await send(direct, "/login", { method: "POST", headers: { Origin: direct.origin }, body: "x" }))
    ).toBe("POST /login");
    expect(await reached(await send(direct, "/login", { method: "POST", body: "x" }))).toBe("POST /login");
    expect(await reached(await send(direct, "/home", { headers: { Origin: "https://evil.example" } }))).toBe(
      "GET /home"
    );
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

  it("over 16 MB: a 413 whether the length is declared or not", async () => {
    // Only the headers are sent: the answer must come before any of the body (a client still uploading when
    // the server closes may see EPIPE instead, which made a fetch of a real 17 MB body flaky).
    const declared = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const request = http.request(`${direct.origin}/search`, {
        method: "POST",
        headers: { "Content-Length": String(17 * MB) },
      });
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
    // Sent without a length, it is answered with a 413 the client can read once it passes 16 MB (issue 26: the
    // connection was reset, and the answer lost), and the rest of it is read and dropped.
    const chunked = await post(streamed(40 * MB));
    expect(chunked.status).toBe(413);
    expect(chunked.headers.get("connection")).toBe("close");
    expect(await chunked.json()).toEqual({ message: "Request body is too large" });
  });
});

describe("client address", () => {
  it("comes from the socket, whatever the request claims", async () => {
    const response = await send(direct, "/", {
      headers: { "X-Recipe-Helper-Client-Address": "203.0.113.9", "X-Forwarded-For": "203.0.113.8" },
    });
    expect((await response.json()).address).toBe("127.0.0.1");
  });

  it("is the address the trusted proxy appended, not one the client wrote in front (TRUST_PROXY=true: one hop)", async () => {
    // The client sent "X-Forwarded-For: 203.0.113.8"; the proxy appended the address it saw, 198.51.100.7.
    const response = await send(behindProxy, "/", { headers: { "X-Forwarded-For": "203.0.113.8, 198.51.100.7" } });
    expect((await response.json()).address).toBe("198.51.100.7");
    const spoofed = await send(behindProxy, "/", { headers: { "X-Forwarded-For": "1.1.1.1, 2.2.2.2, 198.51.100.7" } });
    expect((await spoofed.json()).address).toBe("198.51.100.7");
  });

  it("walks back as many hops as TRUST_PROXY counts", async () => {
    const response = await send(behindTwo, "/", {
      headers: { "X-Forwarded-For": "203.0.113.8, 198.51.100.7, 10.0.0.2" },
    });
    expect((await response.json()).address).toBe("198.51.100.7");
  });

  it("with a list of proxy addresses, is the first address from the right that is not one of them", async () => {
    const response = await send(byAddress, "/", {
      headers: { "X-Forwarded-For": "203.0.113.8, 198.51.100.7, 10.9.9.9" },
    });
    expect((await response.json()).address).toBe("198.51.100.7");
  });
});

describe("scheme and host", () => {
  const forwarded = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "recipes.example",
    "X-Forwarded-For": "198.51.100.7",
  };

  it("come from X-Forwarded-Proto and X-Forwarded-Host only through a trusted proxy", async () => {
    expect(await (await send(behindProxy, "/", { headers: forwarded })).json()).toMatchObject({
      proto: "https",
      host: "recipes.example",
    });
    expect(await (await send(byAddress, "/", { headers: forwarded })).json()).toMatchObject({
      proto: "https",
      host: "recipes.example",
    });
    const host = new URL(direct.origin).host;
    expect(await (await send(direct, "/", { headers: forwarded })).json()).toMatchObject({
      proto: "http",
      host,
      address: "127.0.0.1",
    });
  });

  it("a forged X-Forwarded-Host does not make another site's post same-origin when no proxy is trusted", async () => {
    const headers = { ...forwarded, Origin: "https://recipes.example" };
    expect((await send(direct, "/login", { method: "POST", headers, body: "x" })).status).toBe(403);
    expect(await reached(await send(behindProxy, "/login", { method: "POST", headers, body: "x" }))).toBe(
      "POST /login"
    );
  });

  it("cookies are Secure exactly when the request came over https (COOKIE_SECURE unset)", async () => {
    const overHttp = (await send(direct, "/cookie")).headers.getSetCookie();
    expect(overHttp).toEqual(["__session=a; Path=/; HttpOnly", "__other=b; Path=/"]);
    const overHttps = (await send(behindProxy, "/cookie", { headers: forwarded })).headers.getSetCookie();
    expect(overHttps).toEqual(["__session=a; Path=/; HttpOnly; Secure", "__other=b; Path=/; Secure"]);
    // A client cannot ask for it: without a trusted proxy X-Forwarded-Proto is ignored.
    expect((await send(direct, "/cookie", { headers: forwarded })).headers.getSetCookie()[0]).not.toContain("Secure");
  });

  it("COOKIE_SECURE=true keeps the app's Secure cookies as they are", async () => {
    expect((await send(alwaysSecure, "/cookie")).headers.getSetCookie()[0]).toBe(
      "__session=a; Path=/; HttpOnly; Secure"
    );
  });
});

describe("requests Remix cannot answer cleanly", () => {
  it("TRACE gets a 405 with the allowed methods, not a 500", async () => {
    for (const method of ["TRACE"]) {
      const answer = await new Promise<{ status?: number; allow?: string; body: string }>((resolve, reject) => {
        const request = http.request(`${direct.origin}/login`, { method });
        request.on("response", (response) => {
          let body = "";
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode, allow: response.headers.allow, body }));
        });
        request.on("error", reject);
        request.end();
      });
      expect(answer.status, method).toBe(405);
      expect(answer.allow).toContain("GET");
      expect(JSON.parse(answer.body)).toEqual({ message: "Method not allowed" });
    }
  });

  it("an address with malformed percent-encoding gets a 400 with a message", async () => {
    for (const path of ["/menu-detail/%E0%A4%A", "/search?q=%", "/%zz"]) {
      const response = await send(direct, path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ message: "The address is not valid (malformed percent-encoding)" });
    }
  });
});

describe("security headers", () => {
  const baseline = Object.entries(BASELINE_HEADERS);

  it("every response without its own gets the baseline: nothing loads or frames it, no sniffing", async () => {
    for (const response of [
      await send(direct, "/api/menus"),
      await send(direct, "/uploads/avatars/x.webp"),
      await send(direct, "/x", { method: "POST", headers: { Origin: "https://evil.example" } }),
    ]) {
      for (const [name, value] of baseline) expect(response.headers.get(name), `${response.url} ${name}`).toBe(value);
    }
  });

  it("a page keeps its own CSP (nonce scripts) and gets the rest", async () => {
    const response = await send(direct, "/page");
    expect(response.headers.get("Content-Security-Policy")).toBe(
      "script-src 'self' 'nonce-abc'; frame-ancestors 'none'"
    );
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
    expect((await send(behindProxy, "/", { headers: https })).headers.get("Strict-Transport-Security")).toBe(
      STRICT_TRANSPORT_SECURITY
    );
    expect((await send(behindProxy, "/page", { headers: https })).headers.get("Strict-Transport-Security")).toBe(
      STRICT_TRANSPORT_SECURITY
    );
    expect(
      (await send(behindProxy, "/", { headers: { "X-Forwarded-Proto": "http" } })).headers.get(
        "Strict-Transport-Security"
      )
    ).toBeNull();
    expect((await send(behindProxy, "/")).headers.get("Strict-Transport-Security")).toBeNull();
    // Without TRUST_PROXY anyone could send the header: it proves nothing.
    expect((await send(byAddress, "/", { headers: https })).headers.get("Strict-Transport-Security")).toBe(
      STRICT_TRANSPORT_SECURITY
    );
    expect((await send(direct, "/", { headers: https })).headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("requests worked on at once", () => {
  const peakOf = async (server: Server, count: number) => {
    const answers = await Promise.all(Array.from({ length: count }, () => send(server, "/slow")));
    const peaks = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { peak: number }).peak));
    return Math.max(...peaks);
  };

  it("are two by default: eight sent together reach the app two at a time, and all are answered", async () => {
    expect(await peakOf(direct, 8)).toBe(2);
  });

  it("are all of them with REQUESTS_AT_ONCE=0", async () => {
    expect(await peakOf(unlimited, 8)).toBe(8);
  });

  it("left empty, REQUESTS_AT_ONCE is the default two, as the start-up check reads it (not 0, no limit)", async () => {
    expect(await peakOf(emptySetting, 8)).toBe(2);
  });

  /** Sends a request that never ends, and waits until it holds its place in the app (asked past the queue). */
  const holdThePlace = async (server: Server) => {
    const hanging = new AbortController();
    const hungSoFar = async () => ((await (await send(server, "/healthz")).json()) as { hung: number }).hung;
    const before = await hungSoFar();
    const hang = send(server, "/hang", { signal: hanging.signal }).catch(() => null);
    while ((await hungSoFar()) === before);
    return async () => {
      hanging.abort();
      await hang;
    };
  };

  it("a request that never ends holds its place for 250 ms only, then the next one goes", async () => {
    const sent = performance.now();
    const release = await holdThePlace(oneAtOnce);
    expect((await send(oneAtOnce, "/slow")).status).toBe(200);
    // Timers never fire early: answered no sooner than 250 ms after the hanging request took the only place.
    expect(performance.now() - sent).toBeGreaterThanOrEqual(250);
    await release();
  });

  it("the health probe and built assets go past a full queue", async () => {
    const release = await holdThePlace(oneAtOnce);
    const answered: string[] = [];
    const answer = (pathname: string) => send(oneAtOnce, pathname).then(() => answered.push(pathname));
    // /slow waits for the place; the other two, sent after it, are answered before it.
    const slow = answer("/slow");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([slow, answer("/healthz"), answer("/build/_shared/chunk.js")]);
    expect(answered.at(-1)).toBe("/slow");
    await release();
  });
});
