import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as importAction, loader as importLoader } from "~/routes/import";
import { action as loginAction } from "~/routes/login";
import { action as signupAction } from "~/routes/signup";
import { prisma } from "~/services/db.server";
import { UNREACHABLE } from "~/services/import-fetch.server";
import { isPrivateAddress, isRefusedAddress } from "~/services/public-address.server";
import { importSource, importUrl } from "~/services/recipe-import.server";
import { seedIngredients } from "../../prisma/seed";
import { getRequest, jsonRequest, run, served, sessionCookieFrom } from "../support/requests";

const args = (request: Request) => ({ request, params: {}, context: {} });

const jsonLdPage = (name: string, ingredients: string[]) => `<!doctype html><html><head>
<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Recipe",
  name,
  recipeYield: "2 servings",
  recipeCuisine: "Thai",
  recipeCategory: "Dinner",
  cookTime: "PT20M",
  recipeIngredient: ingredients,
  recipeInstructions: [{ "@type": "HowToStep", text: "Cook everything together." }],
})}</script></head><body><h1>${name}</h1></body></html>`;

const scrapersJson = (title: string) =>
  JSON.stringify({
    title,
    ingredients: ["2 eggs", "1 tbsp butter", "2 slices bread, toasted", "1 sprig moonpetal leaf"],
    instructions_list: ["Scramble the eggs in the butter.", "Serve on the toast."],
    yields: "1 serving",
    total_time: 10,
    category: "Breakfast",
  });

const MARKDOWN = `---
title: "Plain Boiled Rice"
tags: ['side', 'rice']
---

- 🍳 Cook time: 20 min
- 🍽️ Servings: 4

## Ingredients

- 300 g rice
- 600 ml water
- 1 tsp salt

## Directions

1. Rinse the rice.
2. Simmer in the salted water, covered, for 18 minutes.
`;

let folder: string;
beforeAll(async () => {
  await seedIngredients();
  folder = mkdtempSync(path.join(tmpdir(), "recipe-import-"));
  mkdirSync(path.join(folder, "nested"));
  writeFileSync(
    path.join(folder, "curry.html"),
    jsonLdPage("Green Curry for Two", [
      "400 ml coconut milk",
      "300 g chicken breast, sliced",
      "2 tbsp green curry paste",
      "1 tbsp fish sauce",
    ])
  );
  writeFileSync(path.join(folder, "nested", "eggs.json"), scrapersJson("Eggs on Toast"));
  writeFileSync(path.join(folder, "nested", "rice.md"), MARKDOWN);
  writeFileSync(path.join(folder, "broken.json"), "{ not json");
  writeFileSync(path.join(folder, "notes.txt"), "not a recipe format, ignored");
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function storedRecipe(name: string) {
  return prisma.recipe.findFirstOrThrow({
    where: { name },
    include: { ingredients: { orderBy: { position: "asc" } }, tags: true, steps: true },
  });
}

describe("importing a folder", () => {
  it("imports every .json, .html and .md file under it, reports failures with reasons, and reports progress", async () => {
    const progress: string[] = [];
    const summary = await importSource(folder, { onProgress: ({ done, total }) => progress.push(`${done}/${total}`) });
    expect(summary.imported.map((item) => item.name).sort()).toEqual([
      "Eggs on Toast",
      "Green Curry for Two",
      "Plain Boiled Rice",
    ]);
    expect(summary.updated).toEqual([]);
    expect(summary.failed).toEqual([{ item: path.join(folder, "broken.json"), reason: "not valid JSON" }]);
    expect(progress).toEqual(["1/4", "2/4", "3/4", "4/4"]);

    const curry = await storedRecipe("Green Curry for Two");
    expect(curry).toMatchObject({ origin: "imported", servings: 2, cookingTime: 20 });
    expect(curry.calories).toBeGreaterThan(0);
    expect(curry.tags).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "cuisine", value: "Southeast Asian" }),
        expect.objectContaining({ kind: "occasion", value: "Dinner" }),
      ])
    );
    const chicken = curry.ingredients.find((line) => line.name === "chicken breast");
    expect(chicken).toMatchObject({ quantity: "300 g, sliced", type: "Meat sausages and fish" });
    expect(chicken?.ingredientId).not.toBeNull();
    expect(curry.ingredients.find((line) => line.name === "fish sauce")?.type).toBe("miscellaneous items");
  });

  it("keeps an ingredient the catalogue does not know, typed Other", async () => {
    const eggs = await storedRecipe("Eggs on Toast");
    expect(eggs.ingredients.map((line) => line.name)).toEqual(["eggs", "butter", "bread", "moonpetal leaf"]);
    expect(eggs.ingredients.at(-1)).toMatchObject({ type: "Other", ingredientId: null, quantity: "1 sprig" });
  });

  it("updates the recipes on a second import instead of duplicating them", async () => {
    const before = await prisma.recipe.count();
    writeFileSync(path.join(folder, "nested", "rice.md"), MARKDOWN.replace("- 🍽️ Servings: 4", "- 🍽️ Servings: 6"));
    const summary = await importSource(folder);
    expect(summary.imported).toEqual([]);
    expect(summary.updated.map((item) => item.name).sort()).toEqual([
      "Eggs on Toast",
      "Green Curry for Two",
      "Plain Boiled Rice",
    ]);
    expect(await prisma.recipe.count()).toBe(before);
    expect((await storedRecipe("Plain Boiled Rice")).servings).toBe(6);
  });

  it("leaves a recipe of another origin with the same name alone", async () => {
    await prisma.recipe.create({ data: { name: "Starter Soup", origin: "starter" } });
    const file = path.join(folder, "starter-soup.html");
    writeFileSync(file, jsonLdPage("Starter Soup", ["1 l water"]));
    const summary = await importSource(file);
    expect(summary.failed).toEqual([
      { item: file, reason: '"Starter Soup" is already a starter recipe; it was left unchanged' },
    ]);
    expect(await storedRecipe("Starter Soup")).toMatchObject({ origin: "starter", ingredients: [] });
    rmSync(file);
  });

  it("lets a cook update only the recipes they imported themself", async () => {
    const [first, second] = await Promise.all(
      ["importer_one", "importer_two"].map((username) =>
        prisma.user.create({ data: { username, email: `${username}@example.com` } })
      )
    );
    const file = path.join(folder, "laksa.html");
    const linesOf = async (visibleTo: number) =>
      (
        await prisma.recipe.findFirstOrThrow({
          where: { name: "Weeknight Laksa", visibleTo },
          include: { ingredients: { orderBy: { position: "asc" } } },
        })
      ).ingredients.map((line) => line.name);
    writeFileSync(file, jsonLdPage("Weeknight Laksa", ["400 ml coconut milk", "200 g rice noodles"]));
    expect((await importSource(file, { userId: first.id, shared: true })).imported).toHaveLength(1);
    writeFileSync(file, jsonLdPage("Weeknight Laksa", ["400 ml coconut milk", "200 g rice noodles", "100 g tofu"]));
    expect((await importSource(file, { userId: second.id, shared: true })).failed).toEqual([
      { item: file, reason: '"Weeknight Laksa" is already in the cookbook; it was left unchanged' },
    ]);
    expect(await linesOf(0)).toEqual(["coconut milk", "rice noodles"]);
    // Kept to themself, the second cook's copy is theirs: the shared one stays as it was.
    expect((await importSource(file, { userId: second.id })).imported).toHaveLength(1);
    expect(await linesOf(second.id)).toEqual(["coconut milk", "rice noodles", "tofu"]);
    expect(await linesOf(0)).toEqual(["coconut milk", "rice noodles"]);
    expect((await importSource(file, { userId: first.id, shared: true })).updated).toHaveLength(1);
    expect(await linesOf(0)).toEqual(["coconut milk", "rice noodles", "tofu"]);
    rmSync(file);
  });

  it("fails a path that does not exist", async () => {
    expect((await importSource(path.join(folder, "missing"))).failed[0].reason).toBe("no such file or folder");
  });
});

describe("importing a URL", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/recipe") {
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        response.end(jsonLdPage("Served Noodles", ["200 g rice noodles", "1 tbsp soy sauce"]));
      } else if (request.url?.startsWith("/hop")) {
        const hops = Number(request.url.slice(4) || 0);
        response.writeHead(302, { Location: hops > 0 ? `/hop${hops - 1}` : "/recipe" });
        response.end();
      } else if (request.url === "/to-file") {
        response.writeHead(302, { Location: "file:///etc/passwd" });
        response.end();
      } else if (request.url === "/image") {
        response.writeHead(200, { "Content-Type": "image/png" });
        response.end("png");
      } else if (request.url === "/huge") {
        response.writeHead(200, { "Content-Type": "text/html" });
        response.end("x".repeat(5 * 1024 * 1024 + 1));
      } else {
        response.writeHead(404, { "Content-Type": "text/html" });
        response.end("missing");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const allowed = { allowPrivateHosts: true };

  it("imports a recipe page from a server the test allows, following redirects, keeping the final URL", async () => {
    const summary = await importUrl(`${base}/hop1`, allowed);
    expect(summary.imported.map((item) => item.name)).toEqual(["Served Noodles"]);
    expect((await storedRecipe("Served Noodles")).sourceUrl).toBe(`${base}/recipe`);
  });

  it("reads the test setting RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS", async () => {
    process.env.RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS = "true";
    try {
      expect((await importUrl(`${base}/recipe`)).updated.map((item) => item.name)).toEqual(["Served Noodles"]);
    } finally {
      delete process.env.RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS;
    }
  });

  it.each([
    ["/hop3", "more than 3 redirects"],
    ["/to-file", "only http and https URLs can be imported"],
    ["/image", "unsupported content type image/png; expected HTML or JSON"],
    ["/huge", "the page is larger than 5 MB"],
    ["/nothing", "the server answered HTTP 404"],
  ])("refuses %s: %s", async (pathname, reason) => {
    expect((await importUrl(`${base}${pathname}`, allowed)).failed).toEqual([{ item: `${base}${pathname}`, reason }]);
  });

  it.each([
    ["the test server on 127.0.0.1", () => `${base}/recipe`],
    ["localhost by name", () => `${base.replace("127.0.0.1", "localhost")}/recipe`],
    ["a 10.x address", () => "http://10.1.2.3/recipe"],
    ["a link-local 169.254.x address", () => "http://169.254.169.254/latest/meta-data"],
    ["an IPv6 loopback", () => "http://[::1]/recipe"],
    ["an IPv4-mapped IPv6 loopback", () => `${base.replace("127.0.0.1", "[::ffff:127.0.0.1]")}/recipe`],
  ])("refuses %s without the test setting", async (_, address) => {
    const summary = await importUrl(address(), { allowPrivateHosts: false });
    expect(summary.failed).toEqual([{ item: address(), reason: UNREACHABLE }]);
  });

  it("never reads local files through the URL import", async () => {
    expect((await importUrl("file:///etc/passwd")).failed[0].reason).toBe("only http and https URLs can be imported");
    expect((await importUrl(path.join(folder, "curry.html"))).failed[0].reason).toBe("not a valid URL");
  });

  it.each([
    ["127.0.0.1", true],
    ["10.0.0.1", true],
    ["172.20.1.1", true],
    ["192.168.1.1", true],
    ["100.64.0.1", true],
    ["169.254.1.1", true],
    ["0.0.0.0", true],
    ["224.0.0.1", true],
    ["::", true],
    ["::1", true],
    ["fd00::1", true],
    ["fe80::1", true],
    ["::ffff:127.0.0.1", true],
    ["::127.0.0.1", true],
    ["ff02::1", true],
    ["::ffff:10.0.0.1", true],
    ["64:ff9b::a00:1", true],
    ["2002:a00:1::", true],
    ["fe80::1%eth0", true],
    // Special-purpose ranges a hand-written list missed (issue 26): IPv4-translated, Teredo, discard-only, and
    // the documentation ranges of both families.
    ["::ffff:0:127.0.0.1", true],
    ["2001::1", true],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", true],
    ["100::1", true],
    ["2001:db8::1", true],
    ["192.0.2.1", true],
    ["198.51.100.7", true],
    ["203.0.113.9", true],
    ["93.184.216.34", false],
    ["172.32.0.1", false],
    ["2606:4700::1111", false],
    ["::ffff:93.184.216.34", false],
  ])("isPrivateAddress(%s) is %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

/** This machine's addresses other than loopback (the test machine has public-range ones, e.g. 192.0.2.2). */
const ownAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((entry) => entry && !entry.internal)
  .map((entry) => entry!.address);
const ownIpv4 = ownAddresses.find((address) => !address.includes(":"));
const urlHost = (address: string) => (address.includes(":") ? `[${address.replace(/%.*$/, "")}]` : address);

describe("importing from this machine itself", () => {
  let server: Server;
  let port: number;
  let requests = 0;
  beforeAll(async () => {
    // Bound on every interface, as the app itself is: it answers on the machine's public address too.
    server = createServer((_, response) => {
      requests++;
      response.writeHead(200, { "Content-Type": "text/html" });
      response.end(jsonLdPage("Fetched From Myself", ["1 egg"]));
    });
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("has an address other than loopback to try", () => {
    expect(ownIpv4, "this test needs a non-loopback IPv4 interface").toBeDefined();
  });

  it("refuses the machine's own non-loopback address, however written, and sends the server nothing", async () => {
    // The page is there: with the test setting the same address imports.
    const direct = `http://${ownIpv4}:${port}/recipe`;
    expect((await importUrl(direct, { allowPrivateHosts: true })).imported.map((item) => item.name)).toEqual([
      "Fetched From Myself",
    ]);
    requests = 0;
    for (const address of [direct, `http://[::ffff:${ownIpv4}]:${port}/recipe`]) {
      const summary = await importUrl(address, { allowPrivateHosts: false });
      expect(summary.failed, address).toEqual([{ item: address, reason: UNREACHABLE }]);
    }
    expect(requests).toBe(0);
  });

  it("counts every address of every interface as refused, in either spelling", () => {
    for (const address of ownAddresses) {
      expect(isRefusedAddress(address), address).toBe(true);
      if (!address.includes(":")) expect(isRefusedAddress(`::ffff:${address}`), address).toBe(true);
    }
    expect(isRefusedAddress("93.184.216.34")).toBe(false);
  });

  it("gives one message for a refused address, a closed port, a port that does not speak HTTP and an unknown name", async () => {
    const closed = createTcpServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const notHttp = createTcpServer((socket) => socket.end("SSH-2.0-OpenSSH_9.2\r\n", () => socket.destroy()));
    await new Promise<void>((resolve) => notHttp.listen(0, "127.0.0.1", resolve));
    try {
      const reasons = [
        (await importUrl(`http://${urlHost(ownIpv4!)}:${port}/recipe`, { allowPrivateHosts: false })).failed[0].reason,
        (await importUrl(`http://127.0.0.1:${closedPort}/recipe`, { allowPrivateHosts: true })).failed[0].reason,
        (await importUrl(`http://127.0.0.1:${(notHttp.address() as AddressInfo).port}/`, { allowPrivateHosts: true }))
          .failed[0].reason,
        (await importUrl("http://no-such-host.invalid/recipe", { allowPrivateHosts: true })).failed[0].reason,
      ];
      expect(reasons).toEqual([UNREACHABLE, UNREACHABLE, UNREACHABLE, UNREACHABLE]);
    } finally {
      notHttp.close();
    }
  });
});

describe("the import form", () => {
  let cookie: string | null;
  beforeAll(async () => {
    const user = { username: "importer", email: "importer@example.com", password: "Secret123" };
    await run(() => signupAction(args(jsonRequest("/signup", user))));
    cookie = sessionCookieFrom(
      await run(() => loginAction(args(jsonRequest("/login", { username: user.username, password: user.password }))))
    );
  });

  function uploadRequest(fields: Record<string, string | File>, withCookie = cookie) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return new Request("http://localhost:3000/import", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost:3000", ...(withCookie ? { Cookie: withCookie } : {}) },
    });
  }

  it("sends a guest to log in, for the page and for a post", async () => {
    const page = await run(() => importLoader(args(getRequest("/import"))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Fimport");
    const post = await run(() => importAction(args(uploadRequest({ url: "https://example.com/" }, null))));
    expect(post.headers.get("Location")).toBe("/login?redirectTo=%2Fimport");
  });

  it("imports an uploaded file for a signed-in user and answers with the summary", async () => {
    const file = new File([scrapersJson("Uploaded Omelette")], "omelette.json", { type: "application/json" });
    const response = await run(() => importAction(args(uploadRequest({ url: "", file }))));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.summary).toMatchObject({
      imported: [{ item: "omelette.json", name: "Uploaded Omelette" }],
      updated: [],
      failed: [],
    });
    const user = await prisma.user.findUniqueOrThrow({ where: { username: "importer" } });
    expect((await storedRecipe("Uploaded Omelette")).importedById).toBe(user.id);
  });

  it("reports a failed upload with its reason", async () => {
    const file = new File(["# Just a heading"], "empty.md", { type: "text/markdown" });
    const body = await (await run(() => importAction(args(uploadRequest({ file }))))).json();
    expect(body.summary.failed).toEqual([{ item: "empty.md", reason: "no ingredient lines" }]);
  });

  it.each([
    [{ url: "" }, "Enter a recipe URL, choose a file or paste a recipe to import"],
    [{ url: "ftp://example.com/recipe" }, "Enter a web address starting with http:// or https://"],
    [
      { file: new File(["x"], "recipe.pdf") },
      "Choose a recipe file (.json, .html, .md) or another app's export (.zip, .paprikarecipes, .csv, .cook)",
    ],
  ])("refuses %o with a message", async (fields, message) => {
    const response = await run(() => importAction(args(uploadRequest(fields as Record<string, string | File>))));
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(message);
  });

  it("takes forms only: a JSON body is a 400", async () => {
    const request = jsonRequest("/import", { url: "https://example.com/recipe" }, { cookie });
    const response = await run(() => importAction(args(request)));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Request body must be a form" });
  });

  it("refuses a file over 15 MB", async () => {
    const file = new File(["x".repeat(15 * 1024 * 1024 + 10)], "big.zip", { type: "application/zip" });
    const response = await run(() => importAction(args(uploadRequest({ file }))));
    expect(response.status).toBe(413);
    expect(JSON.stringify(await response.json())).toContain("The file must be 15 MB or smaller");
  });

  it("refuses a post from another site", async () => {
    const request = uploadRequest({ url: "https://example.com/" });
    request.headers.set("Origin", "https://evil.example");
    expect((await served(request, () => importAction(args(request)))).status).toBe(403);
  });
});
