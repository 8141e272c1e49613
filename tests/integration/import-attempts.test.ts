/**
 * What an import costs the cook and the page's host (issue 26): a failed import counts toward the cook's 20 recipes
 * an hour like a saved one, failures from one host are counted across cooks, and a document that takes longer than
 * its budget to read ends its worker and tells the cook so.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_RECIPES, USER_RECIPES_PER_HOUR } from "~/domain/user-recipe";
import { action as importAction } from "~/routes/import";
import { action as loginAction } from "~/routes/login";
import { action as signupAction } from "~/routes/signup";
import { prisma } from "~/services/db.server";
import { PARSE_TOO_SLOW } from "~/services/import-parser.server";
import { FAILED_IMPORTS_PER_HOST, importUpload, importUrl } from "~/services/recipe-import.server";
import { seedIngredients } from "../../prisma/seed";
import { bracketBombJsonLd } from "../support/hostile-imports";
import { jsonRequest, run, sessionCookieFrom } from "../support/requests";

const args = (request: Request) => ({ request, params: {}, context: {} });

const recipeJson = (title: string) =>
  JSON.stringify({
    title,
    ingredients: ["2 eggs", "1 tbsp butter"],
    instructions_list: ["Scramble the eggs in the butter."],
  });

async function signUp(username: string): Promise<{ id: number; cookie: string }> {
  const user = { username, email: `${username}@example.com`, password: "Secret123" };
  await run(() => signupAction(args(jsonRequest("/signup", user))));
  const login = await run(() => loginAction(args(jsonRequest("/login", { username, password: user.password }))));
  const { id } = await prisma.user.findUniqueOrThrow({ where: { username } });
  return { id, cookie: sessionCookieFrom(login)! };
}

function upload(cookie: string, name: string, text: string): Request {
  const body = new FormData();
  body.set("file", new File([text], name, { type: "application/octet-stream" }));
  return new Request("http://localhost:3000/import", {
    method: "POST",
    body,
    headers: { Origin: "http://localhost:3000", Cookie: cookie },
  });
}

beforeAll(() => seedIngredients());

describe("failed imports", () => {
  it(`count toward the cook's ${USER_RECIPES_PER_HOUR} recipes an hour: the next import is refused and nothing is saved`, async () => {
    const { cookie } = await signUp("failing_cook");
    for (let attempt = 0; attempt < USER_RECIPES_PER_HOUR; attempt++) {
      const response = await run(() => importAction(args(upload(cookie, `empty-${attempt}.md`, "# Just a heading"))));
      expect((await response.json()).summary.failed).toEqual([
        { item: `empty-${attempt}.md`, reason: "no ingredient lines" },
      ]);
    }
    const response = await run(() => importAction(args(upload(cookie, "good.json", recipeJson("Counted Eggs")))));
    expect((await response.json()).summary).toMatchObject({
      imported: [],
      failed: [{ item: "good.json", reason: TOO_MANY_RECIPES }],
    });
    expect(await prisma.recipe.count({ where: { name: "Counted Eggs" } })).toBe(0);
  });

  describe("from one host", () => {
    let server: Server;
    let requests = 0;
    let base: string;
    beforeAll(async () => {
      server = createServer((request, response) => {
        requests++;
        response.writeHead(200, { "Content-Type": request.url === "/recipe.json" ? "application/json" : "text/html" });
        response.end(
          request.url === "/recipe.json"
            ? recipeJson("Eggs From The Host")
            : "<html><body><p>No recipe here.</p></body></html>"
        );
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("are the only ones counted against it: imports that work do not use up the host", async () => {
      for (let attempt = 0; attempt < FAILED_IMPORTS_PER_HOST + 5; attempt++) {
        const summary = await importUrl(`${base}/recipe.json`, { allowPrivateHosts: true });
        expect(summary.failed).toEqual([]);
      }
      requests = 0;
    });

    it(`count against the host whoever asked: after ${FAILED_IMPORTS_PER_HOST}, the next is refused unfetched`, async () => {
      const cooks = [await signUp("host_cook_a"), await signUp("host_cook_b"), await signUp("host_cook_c")];
      for (let attempt = 0; attempt < FAILED_IMPORTS_PER_HOST; attempt++) {
        const summary = await importUrl(`${base}/page-${attempt}`, {
          userId: cooks[attempt % 2].id,
          allowPrivateHosts: true,
        });
        expect(summary.failed).toHaveLength(1);
      }
      expect(requests).toBe(FAILED_IMPORTS_PER_HOST);
      const summary = await importUrl(`${base}/page-again`, { userId: cooks[2].id, allowPrivateHosts: true });
      expect(summary.failed).toEqual([
        {
          item: `${base}/page-again`,
          reason: "imports from 127.0.0.1 failed too often this hour; please try again later",
        },
      ]);
      expect(requests).toBe(FAILED_IMPORTS_PER_HOST);
    });
  });
});

describe("a document that takes too long to read", () => {
  it("ends its worker and tells the cook, and the next import is read as usual", async () => {
    const { id } = await signUp("patient_cook");
    const slow = await importUpload("brackets.json", bracketBombJsonLd(), { userId: id, parseBudgetMs: 5 });
    expect(slow.failed).toEqual([{ item: "brackets.json", reason: PARSE_TOO_SLOW }]);
    const next = await importUpload("eggs.json", recipeJson("Eggs After The Wait"), { userId: id });
    expect(next.imported).toMatchObject([{ item: "eggs.json", name: "Eggs After The Wait" }]);
  });
});
