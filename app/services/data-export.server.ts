/**
 * "Download my data" (decision 119): a zip of the signed-in cook's recipes (schema.org JSON-LD with their photos),
 * their household's pantry, shopping list and food log (CSV), and their reviews, favourites and the household's
 * meal plan (JSON). Written as it is sent, an entry at a time on the browser's pull: memory holds one photo, not the
 * zip, and the event loop is given back between entries.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { csvTable, exportReadme, type RecipeForExport, recipeFolderName, recipeJsonLd } from "~/domain/data-export";
import type { MemberCook } from "./cook.server";
import { prisma } from "./db.server";
import { storedDishPhotoOf } from "./dish-photo-use.server";
import { readStoredImage } from "./images.server";
import { pantryItems } from "./pantry-store.server";
import { storedContent } from "./recipe-store.server";

/** One file of the export: text (deflated) or bytes read when its turn comes (a photo, sent as it is). */
type ExportEntry = { path: string; text: string } | { path: string; bytes: () => Promise<Uint8Array | null> };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

async function recipeEntries(userId: number): Promise<ExportEntry[]> {
  const recipes = await prisma.recipe.findMany({
    where: { importedById: userId },
    include: storedContent,
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  const taken = new Set<string>();
  return recipes.flatMap((recipe): ExportEntry[] => {
    const folder = `Recipes/${recipeFolderName(recipe.name, taken)}`;
    const stored = storedDishPhotoOf(recipe.image);
    const exported: RecipeForExport = {
      ...recipe,
      lines: recipe.ingredients,
      tips: recipe.tips.map((tip) => tip.text),
      photo: stored ? "full.jpg" : null,
    };
    const document: ExportEntry = { path: `${folder}/recipe.json`, text: json(recipeJsonLd(exported)) };
    if (!stored) return [document];
    const photo = async () => (await readStoredImage(stored))?.bytes ?? null;
    return [document, { path: `${folder}/full.jpg`, bytes: photo }];
  });
}

async function householdEntries(cook: MemberCook): Promise<ExportEntry[]> {
  const [pantry, list, log, plan] = await Promise.all([
    pantryItems(cook.pantryId),
    prisma.shoppingItem.findMany({ where: { listId: cook.listId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    prisma.foodLogEntry.findMany({
      where: { householdId: cook.householdId },
      include: { user: { select: { username: true } } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    prisma.mealPlanEntry.findMany({
      where: { pantryId: cook.pantryId },
      include: { recipe: { select: { name: true } } },
      orderBy: [{ day: "asc" }, { id: "asc" }],
    }),
  ]);
  return [
    {
      path: "pantry.csv",
      text: csvTable(
        ["name", "amount", "unit", "kept in", "added on", "best before"],
        pantry.map((item) => [item.name, item.quantity, item.unit, item.storage, item.addedOn, item.bestBefore])
      ),
    },
    {
      path: "shopping-list.csv",
      text: csvTable(
        ["name", "quantity", "added"],
        list.map((item) => [item.name, item.quantity, item.createdAt.toISOString()])
      ),
    },
    {
      path: "food-log.csv",
      text: csvTable(
        ["when", "who", "ingredient", "used or wasted", "amount", "unit", "grams", "kg CO2e", "from"],
        log.map((entry) => [
          entry.createdAt.toISOString(),
          entry.user.username,
          entry.ingredient,
          entry.kind,
          entry.amount,
          entry.unit,
          entry.grams,
          entry.co2Kg,
          entry.source,
        ])
      ),
    },
    {
      path: "meal-plan.json",
      text: json(
        plan.map((entry) => ({
          day: entry.day,
          meal: entry.meal,
          recipe: entry.recipe?.name ?? null,
          leftover_of: entry.leftoverOf,
          servings: entry.servings,
          locked: entry.locked,
        }))
      ),
    },
  ];
}

async function personalEntries(userId: number): Promise<ExportEntry[]> {
  const recipeName = { recipe: { select: { name: true } } } as const;
  const [reviews, favourites] = await Promise.all([
    prisma.review.findMany({ where: { userId }, include: recipeName, orderBy: { createdAt: "asc" } }),
    prisma.favorite.findMany({ where: { userId }, include: recipeName, orderBy: { createdAt: "asc" } }),
  ]);
  return [
    {
      path: "reviews.json",
      text: json(
        reviews.map((review) => ({
          recipe: review.recipe.name,
          rating: review.rating,
          comment: review.comment,
          created: review.createdAt.toISOString(),
          updated: review.updatedAt.toISOString(),
        }))
      ),
    },
    {
      path: "favourites.json",
      text: json(
        favourites.map((favourite) => ({ recipe: favourite.recipe.name, added: favourite.createdAt.toISOString() }))
      ),
    },
  ];
}

/** Every file of the cook's export, photos still unread. */
export async function exportEntries(cook: MemberCook, now = new Date()): Promise<ExportEntry[]> {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: cook.userId }, select: { username: true } });
  const [recipes, household, personal] = await Promise.all([
    recipeEntries(cook.userId),
    householdEntries(cook),
    personalEntries(cook.userId),
  ]);
  const folders = recipes.filter((entry) => entry.path.endsWith("/recipe.json")).length;
  return [
    { path: "README.txt", text: exportReadme(user.username, now, folders) },
    ...recipes,
    ...household,
    ...personal,
  ];
}

/** The export as a stream of zip bytes: an entry is read and packed when the reader wants more. */
export function zipStream(entries: ExportEntry[]): ReadableStream<Uint8Array> {
  let next = 0;
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      const entry = entries[next++];
      if (!entry) return zip.end();
      if ("text" in entry) {
        const file = new ZipDeflate(entry.path, { level: 6 });
        zip.add(file);
        file.push(strToU8(entry.text), true);
      } else {
        const bytes = await entry.bytes();
        // a photo gone from the disk meanwhile is left out, not the whole export
        if (bytes) {
          const file = new ZipPassThrough(entry.path);
          zip.add(file);
          file.push(bytes, true);
        }
      }
      await nextTurn();
    },
  });
}

const fileNameOf = (now: Date) => `recipe-helper-data-${now.toISOString().slice(0, 10)}.zip`;

export async function dataExportResponse(cook: MemberCook, now = new Date()): Promise<Response> {
  const entries = await exportEntries(cook, now);
  return new Response(zipStream(entries), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileNameOf(now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
