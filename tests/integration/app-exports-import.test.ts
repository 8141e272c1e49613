/**
 * The real exports of other recipe apps in ../shared/data/recipes/app-exports (Mealie's own migration test data):
 * every recipe each holds is imported with every ingredient line, its photo stored like an upload, and importing
 * the same export again adds nothing (the recipes are reported as duplicates).
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as importAction } from "~/routes/import";
import { action as loginAction } from "~/routes/login";
import { action as signupAction } from "~/routes/signup";

import { prisma } from "~/services/db.server";
import { PARSE_TOO_SLOW } from "~/services/import-parser.server";
import { importFile, importSource } from "~/services/recipe-import.server";
import { seedIngredients } from "../../prisma/seed";
import { jsonRequest, run, sessionCookieFrom } from "../support/requests";
import { GOOD_RECIPE_NAME, goodRecipeFiles, hostileArchives } from "../support/hostile-archives";
import { explainSkip } from "../support/vision";

const uploadsDir = vi.hoisted(() => {
  const dir = `tests/.tmp/uploads-app-exports-${process.pid}-${Date.now()}`;
  process.env.UPLOADS_DIR = dir;
  return dir;
});
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));
const storedFiles = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir, { recursive: true }).length : 0);

const EXPORTS = path.resolve("../shared/data/recipes/app-exports");
const skip = explainSkip("the app export imports", existsSync(EXPORTS), "../shared/data/recipes/app-exports");
const args = (request: Request) => ({ request, params: {}, context: {} });

/**
 * Each recipe with its ingredient lines as the export writes them, less the lines that are section headings
 * ("Für die Spätzle:", "Pickled veggies"): counted from the files themselves.
 */
const EXPECTED: Record<string, Record<string, number>> = {
  "mealie.zip": {
    "Levain Chocolate Chip Cookies": 12,
    "Old-Fashioned Beef Stew": 12,
    "PIZZA DOUGH — Basics With Babish": 9,
  },
  "paprika.zip": {
    "Zucchini Rolls with Goat Cheese and Mint": 12,
    "Zucchini-Kartoffel-Frittata": 9,
    Zucchinipuffer: 9,
    "Zweimal gebratenes Hähnchen mit Gemüse und Nudeln": 17,
    "Zwiebelrostbraten mit selbstgemachten Spätzle": 11,
  },
  "tandoor.zip": { "“Texas Red” Chili": 12 },
  "nextcloud.zip": { "Air Fryer Shrimp": 7, "Chicken Parmigiana": 6, "Skillet Shepherd's Pie": 18 },
  "copymethat.zip": { "Classic Stuffed Shells": 12, "Crockpot Cilantro Lime Chicken": 11, "Spam Zoodles": 10 },
  "plantoeat.zip": { "Test Recipe": 2, "Test Recipe2": 2 },
  "myrecipebox.csv": {
    "Air fryer Sliced potatoes": 8,
    "Apple Spinach Salad": 6,
    "Apple Strudel": 13,
    "Autumn Squash Soup": 12,
    "Baked Ziti": 10,
    "Baklava Cookies": 12,
    "Balsamic Mushroom Wild Rice Soup": 14,
    "Banana Cranberry Oatmeal Breakfast Cookies": 4,
    "Banh Mi Sandwich": 13,
    "Beef & Cheese Piroshki": 17,
  },
  "chowdown.zip": { "Roasted Brussels Sprouts": 6, "Roasted Okra": 2 },
};

/** Exports whose photos are inside them (the CSV exports link theirs on the web). */
const WITH_PHOTOS = ["mealie.zip", "paprika.zip", "tandoor.zip", "copymethat.zip", "chowdown.zip"];

const exportBytes = (file: string) => new Uint8Array(readFileSync(path.join(EXPORTS, file)));

describe.skipIf(skip)("importing other apps' real exports", () => {
  beforeAll(async () => {
    await seedIngredients();
  });

  it.each(Object.keys(EXPECTED))("imports every recipe of %s with its lines, steps and photo", async (file) => {
    const summary = await importFile(file, exportBytes(file), { remotePhotos: false });
    expect(summary.failed).toEqual([]);
    expect(summary.imported.map(({ name }) => name).sort()).toEqual(Object.keys(EXPECTED[file]).sort());
    for (const { name, id } of summary.imported) {
      const recipe = await prisma.recipe.findUniqueOrThrow({
        where: { id },
        include: { ingredients: true, steps: true },
      });
      expect(recipe.ingredients, name).toHaveLength(EXPECTED[file][name]);
      expect(recipe.steps.length, name).toBeGreaterThan(0);
      expect(recipe.origin).toBe("imported");
      if (WITH_PHOTOS.includes(file)) expect(recipe.image, name).toMatch(/^\/uploads\/dishes\/[0-9a-f]{32}\.[a-z]+$/);
    }
  });

  it("keeps times, servings, source, sections and tags a cook would look for", async () => {
    const stew = await prisma.recipe.findFirstOrThrow({ where: { name: "Old-Fashioned Beef Stew" } });
    expect(stew).toMatchObject({
      servings: 4,
      sourceUrl: "https://cooking.nytimes.com/recipes/4735-old-fashioned-beef-stew",
    });
    const shrimp = await prisma.recipe.findFirstOrThrow({
      where: { name: "Air Fryer Shrimp" },
      include: { tags: true },
    });
    expect(shrimp).toMatchObject({ prepTime: 15, cookingTime: 8, servings: 4 });
    expect(shrimp.tags).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: "cuisine", value: "American" })])
    );
    const banhMi = await prisma.recipe.findFirstOrThrow({
      where: { name: "Banh Mi Sandwich" },
      include: { ingredients: true },
    });
    expect(new Set(banhMi.ingredients.map((line) => line.section)).size).toBeGreaterThan(1);
  });

  it("reports the recipes of an export imported again as duplicates, and adds none", async () => {
    const before = await prisma.recipe.count();
    const again = await importFile("mealie.zip", exportBytes("mealie.zip"), { remotePhotos: false });
    expect(again.imported).toEqual([]);
    expect(again.updated).toEqual([]);
    expect(again.duplicates.map(({ name }) => name).sort()).toEqual(Object.keys(EXPECTED["mealie.zip"]).sort());
    expect(await prisma.recipe.count()).toBe(before);
  });

  it("imports through `npm run recipes:import`'s reader from a file on disk", async () => {
    const summary = await importSource(path.join(EXPORTS, "chowdown.zip"), { remotePhotos: false });
    expect(summary.duplicates.map(({ name }) => name).sort()).toEqual(["Roasted Brussels Sprouts", "Roasted Okra"]);
    expect(summary.failed).toEqual([]);
  });

  it("imports an uploaded export on /import as the cook's own recipes", async () => {
    const user = { username: "switcher", email: "switcher@example.com", password: "Secret123" };
    await run(() => signupAction(args(jsonRequest("/signup", user))));
    const cookie = sessionCookieFrom(
      await run(() => loginAction(args(jsonRequest("/login", { username: user.username, password: user.password }))))
    );
    const body = new FormData();
    body.set("file", new File([exportBytes("tandoor.zip")], "tandoor.zip", { type: "application/zip" }));
    const request = new Request("http://localhost:3000/import", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost:3000", Cookie: cookie! },
    });
    const response = await run(() => importAction(args(request)));
    expect(response.status).toBe(200);
    const { summary } = await response.json();
    expect(summary.imported).toEqual([expect.objectContaining({ name: "“Texas Red” Chili" })]);
    const stored = await prisma.recipe.findUniqueOrThrow({ where: { id: summary.imported[0].id } });
    const owner = await prisma.user.findUniqueOrThrow({ where: { username: "switcher" } });
    expect(stored.importedById).toBe(owner.id);
  });
});

describe("files and pasted recipes through the import worker", () => {
  let cookie: string | null = null;
  beforeAll(async () => {
    await seedIngredients();
    const user = { username: "paster", email: "paster@example.com", password: "Secret123" };
    await run(() => signupAction(args(jsonRequest("/signup", user))));
    cookie = sessionCookieFrom(
      await run(() => loginAction(args(jsonRequest("/login", { username: user.username, password: user.password }))))
    );
  });

  const post = (fields: Record<string, string | File>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return new Request("http://localhost:3000/import", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost:3000", Cookie: cookie! },
    });
  };

  it("imports a recipe pasted as text on /import", async () => {
    const text = "Paste Porridge\n\n80 g oats\n300 ml milk\n\nSimmer the oats in the milk for 5 minutes.";
    const response = await run(() => importAction(args(post({ text }))));
    const { summary } = await response.json();
    expect(summary.imported).toEqual([expect.objectContaining({ item: "Pasted recipe", name: "Paste Porridge" })]);
    const stored = await prisma.recipe.findUniqueOrThrow({
      where: { id: summary.imported[0].id },
      include: { ingredients: true, steps: true },
    });
    expect(stored.ingredients.map((line) => line.name)).toEqual(["oats", "milk"]);
    expect(stored.steps.map((step) => step.text)).toEqual(["Simmer the oats in the milk for 5 minutes."]);
  });

  it("says why a pasted text is not a recipe, and saves nothing", async () => {
    const before = await prisma.recipe.count();
    const response = await run(() => importAction(args(post({ text: "Only a title" }))));
    const { summary } = await response.json();
    expect(summary.failed).toEqual([{ item: "Pasted recipe", reason: "no ingredient lines" }]);
    expect(await prisma.recipe.count()).toBe(before);
  });

  it("refuses every hostile archive uploaded on /import with its reason, and writes nothing: not the good recipe beside it, nor its photo", async () => {
    for (const { name, zip, reason } of await hostileArchives()) {
      const recipesBefore = await prisma.recipe.count();
      const filesBefore = storedFiles();
      const file = new File([zip], "export.zip", { type: "application/zip" });
      const response = await run(() => importAction(args(post({ file }))));
      expect(response.status, name).toBe(200);
      const { summary } = await response.json();
      expect(summary.failed, name).toEqual([{ item: "export.zip", reason }]);
      expect(summary.imported, name).toEqual([]);
      expect(await prisma.recipe.count(), name).toBe(recipesBefore);
      expect(await prisma.recipe.findFirst({ where: { name: GOOD_RECIPE_NAME } }), name).toBeNull();
      expect(storedFiles(), name).toBe(filesBefore);
    }
  });

  it("imports the good recipe and its photo when the archive holds nothing hostile (the cases above can fail)", async () => {
    const filesBefore = storedFiles();
    const file = new File([zipSync(await goodRecipeFiles())], "export.zip", { type: "application/zip" });
    const { summary } = await (await run(() => importAction(args(post({ file }))))).json();
    expect(summary.imported).toEqual([expect.objectContaining({ name: GOOD_RECIPE_NAME })]);
    const stored = await prisma.recipe.findUniqueOrThrow({ where: { id: summary.imported[0].id } });
    expect(stored.image).toMatch(/^\/uploads\/dishes\/[0-9a-f]{32}\.jpg$/);
    expect(storedFiles()).toBeGreaterThan(filesBefore);
  });

  it("holds an archive to the worker's time budget like a page", async () => {
    const files = Object.fromEntries(
      Array.from({ length: 200 }, (_, index) => [
        `r${index}.cook`,
        strToU8(`>> title: Budget ${index}\nBoil @water{1%l} with @salt.\n`),
      ])
    );
    const summary = await importFile("many.zip", zipSync(files), { parseBudgetMs: 1 });
    expect(summary.failed).toEqual([{ item: "many.zip", reason: PARSE_TOO_SLOW }]);
    expect(summary.imported).toEqual([]);
  });
});
