/**
 * Limits and refusals of the real production server (`npm start` in a child process on this file's database, and a
 * second server process on the same database), reached with real concurrent HTTP requests: the login limit under
 * concurrency, across processes and after a restart.
 */
import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { hashPassword } from "~/services/password.server";
import { freePort, type RunningServer, serveBuiltApp, startApp } from "../../bench/support/app-server";

const PASSWORD = "Secret123";
const build = { BUILD_DIR: process.env.BUILD_DIR ?? "tests/.tmp/build-e2e" };
let first: RunningServer;
const started: RunningServer[] = [];

/** A second server process of the app on the same database (built and migrated by the first). */
async function anotherServer(): Promise<RunningServer> {
  process.env.BUILD_DIR = build.BUILD_DIR;
  const server = await serveBuiltApp(await freePort(), process.env.DATABASE_URL!, []);
  started.push(server);
  return server;
}

beforeAll(async () => {
  // One recipe spares the start the starter catalogue's seeding, which these requests do not need.
  await prisma.recipe.create({ data: { name: "Plain Rice" } });
  const passwordHash = await hashPassword(PASSWORD);
  await prisma.user.createMany({
    data: ["guessed", "restarted"].map((username) => ({ username, email: `${username}@example.com`, passwordHash })),
  });
  first = await startApp(await freePort(), process.env.DATABASE_URL!, build);
  started.push(first);
}, 600_000);
afterAll(async () => {
  for (const server of started) await server.stop();
});

const logIn = (server: RunningServer, username: string, password: string) =>
  fetch(`${server.origin}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  }).then((response) => response.status);

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe("the login limit on the running server", () => {
  it("60 concurrent wrong guesses at one account: at most 5 passwords are checked, the rest are refused unchecked", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, guess) => logIn(first, "guessed", `wrong-guess-${guess}`))
    );
    console.info(`60 concurrent guesses: ${JSON.stringify(tally(statuses))}`);
    // 401 means the password was checked and wrong; 429 that it was refused before any check.
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(55);
    // Even the right password is now refused for this account from this address.
    expect(await logIn(first, "guessed", PASSWORD)).toBe(429);
  });

  it("is one count for two server processes on one database, and is kept when they restart", async () => {
    const second = await anotherServer();
    const guesses = [first, second, first, second, first].map((server, guess) =>
      logIn(server, "restarted", `wrong-${guess}`)
    );
    expect(await Promise.all(guesses)).toEqual([401, 401, 401, 401, 401]);
    expect(await logIn(second, "restarted", PASSWORD)).toBe(429);
    expect(await logIn(first, "restarted", PASSWORD)).toBe(429);

    await first.stop();
    await second.stop();
    const restarted = await anotherServer();
    expect(await logIn(restarted, "restarted", PASSWORD)).toBe(429);
    // Another account from the same address is not limited by these guesses.
    await prisma.user.create({
      data: { username: "unrelated", email: "unrelated@example.com", passwordHash: await hashPassword(PASSWORD) },
    });
    expect(await logIn(restarted, "unrelated", PASSWORD)).toBe(200);
    first = restarted;
  });
});

describe("cross-site refusals on the running server", () => {
  it.each(["/login", "/search", "/menu-detail/3"])(
    "POST %s with Origin: null and Sec-Fetch-Site: same-origin is refused with a 403, not a 500",
    async (path) => {
      const response = await fetch(`${first.origin}${path}`, {
        method: "POST",
        headers: {
          Origin: "null",
          "Sec-Fetch-Site": "same-origin",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "username=guessed&password=x",
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "Cross-site request refused" });
    }
  );

  it("a same-origin form with a forged X-Forwarded-Host is answered by the app, not with a 500", async () => {
    const response = await fetch(`${first.origin}/login`, {
      method: "POST",
      headers: {
        Origin: first.origin,
        "X-Forwarded-Host": "evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "username=nobody_here&password=wrong-password",
      redirect: "manual",
    });
    expect(response.status).toBe(401);
  });
});

describe("bodies over a limit on the running server", () => {
  interface Answer {
    status: number;
    connection: string | undefined;
    text: string;
    reusedSocket: boolean;
  }

  /**
   * One request through node:http that sends its whole body (declared, or chunked when `declared` is false) and
   * reads the whole answer; any error on the way (a reset connection) fails it.
   */
  function send(
    agent: Agent,
    path: string,
    body: Buffer,
    { declared = true, method = "POST", type = "application/x-www-form-urlencoded" } = {}
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { "Content-Type": type };
      if (declared) headers["Content-Length"] = String(body.length);
      const outgoing = request(`${first.origin}${path}`, { method, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            connection: response.headers.connection,
            text: Buffer.concat(chunks).toString("utf8"),
            reusedSocket: outgoing.reusedSocket,
          })
        );
      });
      outgoing.on("error", reject);
      // In 1 MB pieces, as a browser uploads: the server may answer before the last one.
      for (let at = 0; at < body.length; at += 1024 * 1024) outgoing.write(body.subarray(at, at + 1024 * 1024));
      outgoing.end();
    });
  }

  const MB = 1024 * 1024;
  const form = (bytes: number) => Buffer.from(`username=${"a".repeat(bytes)}&password=x`);
  const tooLarge = { message: "Request body is too large" };

  it.each([
    ["with its length declared", true],
    ["sent chunked, without a length", false],
  ])("a 2 MB form to /login %s gets a 413 the client can read, with Connection: close", async (_, declared) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const answer = await send(agent, "/login", form(2 * MB), { declared });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe("close");
    expect(answer.text).toContain(tooLarge.message);
    // The next request of the same client is answered (on a new connection, as the server asked).
    expect((await send(agent, "/login", Buffer.from("username=nobody&password=wrong-one"))).status).toBe(401);
    agent.destroy();
  });

  it("a 17 MB body (over the server's 16 MB) gets a 413 the client can read, whether declared or chunked", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (const declared of [true, false]) {
      const answer = await send(agent, "/login", form(17 * MB), { declared });
      expect(answer.status, `declared: ${declared}`).toBe(413);
      expect(answer.connection).toBe("close");
      expect(answer.text).toContain(tooLarge.message);
    }
    agent.destroy();
  });

  it("a refusal that reads the body keeps the keep-alive connection usable for the next request", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await send(agent, "/login", Buffer.from([0x75, 0x3d, 0xff, 0xfe]));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Request body is not valid UTF-8 text");
    const next = await send(agent, "/login", Buffer.from("username=nobody&password=wrong-one"));
    expect(next.status).toBe(401);
    expect(next.reusedSocket).toBe(true);
    agent.destroy();
  });
});
