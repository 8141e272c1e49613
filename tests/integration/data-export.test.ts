/**
 * "Download my data" (GET /api/export): the zip holds the cook's own recipes as schema.org JSON-LD with their
 * photos, the household's pantry, list and food log as CSV, the cook's reviews, favourites and meal plan as JSON;
 * nobody else's. Uploading it on /import in a fresh account brings every recipe back unchanged.
 */
import { parse } from "csv-parse/sync";
import { unzipSync, zipSync } from "fflate";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as apiLoader } from "~/routes/api.$";
import { action as importAction } from "~/routes/import";
import { addPlanEntry } from "~/services/meal-plan.server";
import { cookOfUser } from "~/services/cook.server";
import { prisma } from "~/services/db.server";
import { logPantryFood } from "~/services/food-log.server";
import { deleteImage, imageUrl, readStoredImage, storeImage } from "~/services/images.server";
import { storedDishPhotoOf } from "~/services/dish-photo-use.server";
import { addToPantry } from "~/services/pantry-store.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { createReview } from "~/services/reviews.server";
import { setFavorite } from "~/services/favorites.server";
import { createUserSession } from "~/services/sign-in.server";
import { seedIngredients } from "../../prisma/seed";
import { EXPORT_DATA_FILES } from "../support/data-export";
import { detailedCameraJpeg, lookOf } from "../support/images";
import { getRequest, run } from "../support/requests";

const args = (request: Request) => ({ request, params: {}, context: {} });

async function signedInUser(username: string) {
  const user = await prisma.user.create({ data: { username, email: `${username}@example.com` } });
  return { id: user.id, cookie: (await createUserSession(getRequest("/login"), user.id)).split(";")[0] };
}
type User = Awaited<ReturnType<typeof signedInUser>>;

const exportOf = (user: User | null, accept = "application/json") =>
  run(() => apiLoader(args(getRequest("/api/export", { cookie: user?.cookie, headers: { Accept: accept } }))));

async function unzipped(response: Response): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** Everything of a stored recipe that a cook would see changed after a round trip. */
async function recipeAsCookSeesIt(id: number) {
  const recipe = await prisma.recipe.findUniqueOrThrow({
    where: { id },
    include: {
      ingredients: { orderBy: { position: "asc" } },
      steps: { orderBy: { position: "asc" } },
      tips: { orderBy: { position: "asc" } },
      tags: { orderBy: [{ kind: "asc" }, { value: "asc" }] },
    },
  });
  return {
    name: recipe.name,
    description: recipe.description,
    prepTime: recipe.prepTime,
    cookingTime: recipe.cookingTime,
    totalTime: recipe.totalTime,
    servings: recipe.servings,
    sourceUrl: recipe.sourceUrl,
    lines: recipe.ingredients.map(({ name, quantity, section }) => ({ name, quantity, section })),
    steps: recipe.steps.map(({ text, section }) => ({ text, section })),
    tips: recipe.tips.map((tip) => tip.text),
    tags: recipe.tags.map(({ kind, value }) => `${kind}:${value}`),
    hasOwnPhoto: /^\/uploads\/dishes\/[0-9a-f]{32}\.jpg$/.test(recipe.image ?? ""),
  };
}

/** The bytes of a recipe's own stored photo. */
async function photoBytesOf(id: number): Promise<Buffer> {
  const { image } = await prisma.recipe.findUniqueOrThrow({ where: { id }, select: { image: true } });
  const stored = await readStoredImage(storedDishPhotoOf(image) ?? "");
  if (!stored) throw new Error(`recipe ${id} has no stored photo`);
  return stored.bytes;
}

/** Mean difference of two looks' grey pixels, 0-255. */
const greyDifference = (a: number[], b: number[]) =>
  a.reduce((total, value, index) => total + Math.abs(value - b[index]), 0) / a.length;

let cook: User;
let stranger: User;
const ownRecipeIds: number[] = [];

beforeAll(async () => {
  await seedIngredients();
  cook = await signedInUser("exporter");
  stranger = await signedInUser("stranger");
  const photo = imageUrl(await storeImage("dishes", new Blob([await detailedCameraJpeg(800, 600)])));
  const lasagne = await saveRecipe({
    name: 'Lasagne: Sunday "best"',
    description: "A slow lasagne for a crowd.",
    cuisines: ["Italian"],
    occasions: ["Dinner"],
    prepTime: 40,
    cookingTime: 75,
    totalTime: 135,
    servings: 8,
    ingredients: [
      { name: "lasagne sheets", quantity: "12" },
      { name: "beef mince", quantity: "500 g", section: "For the ragù" },
      { name: "onion", quantity: "1", note: "finely chopped", section: "For the ragù" },
      { name: "chopped tomatoes", quantity: "2 cans", section: "For the ragù" },
      { name: "butter", quantity: "50 g", section: "For the béchamel" },
      { name: "milk", quantity: "600 ml", section: "For the béchamel" },
      { name: "salt", quantity: "", section: "For the béchamel" },
    ],
    steps: [
      "Brown the mince with the onion.",
      "Simmer with the tomatoes for an hour.",
      "Make the sauce.",
      "Layer and bake.",
    ],
    stepSections: ["Ragù", "Ragù", "Béchamel", null],
    tips: ["Rest it 20 minutes before cutting."],
    image: photo,
    origin: "imported",
    sourceUrl: "https://example.com/lasagne",
    importedById: cook.id,
  });
  const porridge = await saveRecipe({
    name: "Plain porridge",
    cuisines: [],
    occasions: ["Breakfast"],
    cookingTime: 10,
    servings: 2,
    ingredients: [
      { name: "oats", quantity: "80 g" },
      { name: "milk", quantity: "300 ml" },
    ],
    steps: ["Simmer the oats in the milk."],
    tips: [],
    origin: "user",
    importedById: cook.id,
  });
  ownRecipeIds.push(lasagne.id, porridge.id);
  await saveRecipe({
    name: "Stranger's stew",
    cuisines: [],
    occasions: [],
    ingredients: [{ name: "carrot", quantity: "2" }],
    steps: ["Stew."],
    tips: [],
    origin: "imported",
    importedById: stranger.id,
  });

  const cooksKitchen = await cookOfUser(cook.id);
  await addToPantry(cooksKitchen, [{ name: 'Eggs, "free range"' }, { name: "Rice" }]);
  await prisma.shoppingItem.create({
    data: { listId: cooksKitchen.listId, name: "=cmd|' /C calc'!A0", nameKey: "formula", quantity: "1" },
  });
  await prisma.shoppingItem.create({
    data: { listId: cooksKitchen.listId, name: "Flour, strong\nwhite", nameKey: "flour", quantity: "1 kg" },
  });
  const rice = (await prisma.pantryItem.findFirstOrThrow({ where: { pantryId: cooksKitchen.pantryId, name: "Rice" } }))
    .nameKey;
  expect((await logPantryFood(cooksKitchen, { key: rice, kind: "wasted", amount: null, unit: null })).ok).toBe(true);
  await createReview(cook.id, { menu_id: porridge.id, rating: 4, comment: 'Good, with "honey".' });
  await setFavorite(cook.id, lasagne.id, true);
  await addPlanEntry(cooksKitchen, { day: "2026-12-01", meal: "Dinner", recipeId: lasagne.id, servings: 4 });

  const strangersKitchen = await cookOfUser(stranger.id);
  await addToPantry(strangersKitchen, [{ name: "Saffron" }]);
  await createReview(stranger.id, { menu_id: porridge.id, rating: 1, comment: "Stranger's review" });
});

describe("GET /api/export", () => {
  it("gives a guest a 401 for the JSON call and sends a guest's browser to sign in", async () => {
    const call = await exportOf(null);
    expect(call.status).toBe(401);
    expect(await call.json()).toEqual({ message: "Please log in to continue" });
    const browser = await exportOf(null, "text/html,application/xhtml+xml");
    expect(browser.status).toBe(302);
    expect(browser.headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
  });

  it("downloads a zip of the cook's recipes with their photo, and nobody else's", async () => {
    const response = await exportOf(cook);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="recipe-helper-data-\d{4}-\d\d-\d\d\.zip"$/
    );
    const files = await unzipped(response);
    expect(Object.keys(files).sort()).toEqual(
      [
        "Recipes/Lasagne Sunday best/full.jpg",
        "Recipes/Lasagne Sunday best/recipe.json",
        "Recipes/Plain porridge/recipe.json",
        ...EXPORT_DATA_FILES,
      ].sort()
    );
    expect([...files["Recipes/Lasagne Sunday best/full.jpg"].slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const lasagne = JSON.parse(text(files["Recipes/Lasagne Sunday best/recipe.json"]));
    expect(lasagne).toMatchObject({ "@type": "Recipe", name: 'Lasagne: Sunday "best"', image: "full.jpg" });
    expect(text(files["README.txt"])).toContain("exporter");
  });

  it("writes the household's pantry, list and food log as CSV a spreadsheet reads back", async () => {
    const files = await unzipped(await exportOf(cook));
    const rows = (name: string) => parse(text(files[name]), { bom: true, columns: true }) as Record<string, string>[];
    // all the rice was thrown away: it is in the food log, no longer in the pantry
    expect(rows("pantry.csv").map((row) => row.name)).toEqual(['Eggs, "free range"']);
    const list = rows("shopping-list.csv");
    expect(list.map((row) => row.name)).toEqual(["'=cmd|' /C calc'!A0", "Flour, strong\nwhite"]);
    expect(list[1].quantity).toBe("1 kg");
    const log = rows("food-log.csv");
    expect(log).toEqual([expect.objectContaining({ who: "exporter", ingredient: "Rice", "used or wasted": "wasted" })]);
    expect(text(files["pantry.csv"])).not.toContain("Saffron");
  });

  it("writes the cook's reviews, favourites and meal plan as JSON, not another cook's", async () => {
    const files = await unzipped(await exportOf(cook));
    expect(JSON.parse(text(files["reviews.json"]))).toEqual([
      expect.objectContaining({ recipe: "Plain porridge", rating: 4, comment: 'Good, with "honey".' }),
    ]);
    expect(JSON.parse(text(files["favourites.json"]))).toEqual([
      expect.objectContaining({ recipe: 'Lasagne: Sunday "best"' }),
    ]);
    expect(JSON.parse(text(files["meal-plan.json"]))).toEqual([
      expect.objectContaining({ day: "2026-12-01", meal: "Dinner", recipe: 'Lasagne: Sunday "best"', servings: 4 }),
    ]);
  });

  it("brings every recipe back unchanged when the zip is uploaded on /import in a fresh account", async () => {
    const zip = await (await exportOf(cook)).arrayBuffer();
    const newcomer = await signedInUser("newcomer");
    const body = new FormData();
    body.set("file", new File([zip], "recipe-helper-data.zip", { type: "application/zip" }));
    const upload = new Request("http://localhost:3000/import", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost:3000", Cookie: newcomer.cookie },
    });
    const response = await run(() => importAction(args(upload)));
    expect(response.status).toBe(200);
    const { summary } = await response.json();
    expect(summary.failed).toEqual([]);
    expect(summary.duplicates).toEqual([]);
    expect(summary.imported.map(({ name }: { name: string }) => name).sort()).toEqual([
      'Lasagne: Sunday "best"',
      "Plain porridge",
    ]);
    for (const original of ownRecipeIds) {
      const before = await recipeAsCookSeesIt(original);
      const copy = summary.imported.find(({ name }: { name: string }) => name === before.name);
      expect(await recipeAsCookSeesIt(copy.id)).toEqual(before);
      const stored = await prisma.recipe.findUniqueOrThrow({ where: { id: copy.id } });
      expect(stored.importedById).toBe(newcomer.id);
    }
    expect((await recipeAsCookSeesIt(ownRecipeIds[0])).hasOwnPhoto).toBe(true);
  });

  it("brings the photo itself back: the exported bytes, re-encoded as any uploaded photo is, and the same picture", async () => {
    const files = await unzipped(await exportOf(cook));
    const original = await photoBytesOf(ownRecipeIds[0]);
    // the export sends the stored photo as it is
    expect(Buffer.from(files["Recipes/Lasagne Sunday best/full.jpg"]).equals(original)).toBe(true);
    const newcomer = await signedInUser("photo-newcomer");
    const body = new FormData();
    body.set("file", new File([zipSync(files)], "recipe-helper-data.zip", { type: "application/zip" }));
    const upload = new Request("http://localhost:3000/import", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost:3000", Cookie: newcomer.cookie },
    });
    const { summary } = await (await run(() => importAction(args(upload)))).json();
    const copy = summary.imported.find(({ name }: { name: string }) => name === 'Lasagne: Sunday "best"');
    const copied = await photoBytesOf(copy.id);
    // the import re-encodes it as an upload is re-encoded (decision 103), nothing else: byte for byte what storing
    // the exported file makes of it
    const reference = await storeImage("dishes", new Blob([new Uint8Array(original)]));
    try {
      const reencoded = (await readStoredImage(reference))!.bytes;
      expect(copied.equals(reencoded)).toBe(true);
    } finally {
      await deleteImage(reference);
    }
    // and the same picture a cook sees: upright 600 × 800 as stored, its pixels within JPEG's rounding
    const [before, after] = await Promise.all([lookOf(original), lookOf(copied)]);
    expect({ width: after.width, height: after.height }).toEqual({ width: 600, height: 800 });
    expect({ width: before.width, height: before.height }).toEqual({ width: 600, height: 800 });
    expect(greyDifference(before.grey, after.grey)).toBeLessThan(2);
    // a picture turned over would differ by far more: the comparison can tell
    const turned = await lookOf(await sharp(original).rotate(180).toBuffer());
    expect(greyDifference(before.grey, turned.grey)).toBeGreaterThan(20);
  });
});
