/**
 * My recipes (/my-recipes, /my-recipes/:id): a cook's own recipes listed and searched, edited, shared or made private
 * and deleted, through the screens' loaders and actions, with only the owner allowed (decision 116, 117).
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as editAction, loader as editLoader } from "~/routes/my-recipes_.$id";
import { action as listAction, loader as listLoader } from "~/routes/my-recipes";
import { loader as menuLoader } from "~/routes/menus.$recipeId";
import { cookOfUser } from "~/services/cook.server";
import { prisma } from "~/services/db.server";
import { createInvite, joinHousehold } from "~/services/household.server";
import { mealStats } from "~/services/meal-stats.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { seedIngredients } from "../../prisma/seed";
import { flashAfter } from "../support/flash";
import { cameraJpeg } from "../support/images";
import { signedInMember, type Member } from "../support/members";
import { getRequest, requestWith, run, type RequestBody } from "../support/requests";

const uploadsDir = vi.hoisted(() => {
  const dir = `tests/.tmp/uploads-my-recipes-${process.pid}`;
  process.env.UPLOADS_DIR = dir;
  return dir;
});
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));
beforeAll(seedIngredients);

let counter = 0;
async function ownRecipe(owner: Member, name = `Okra stew ${++counter}`, shared = false) {
  const saved = await saveRecipe(
    {
      name,
      cuisines: ["Indian"],
      occasions: [],
      ingredients: [
        { name: "okra", quantity: "300 g" },
        { name: "tomato", quantity: "2", section: "For the sauce" },
      ],
      steps: ["Fry the okra.", "Add the tomato."],
      tips: ["Keep it dry."],
      origin: "imported",
      importedById: owner.id,
      shared,
    },
    { allowanceTaken: true }
  );
  return { id: saved.id, name };
}

const list = (cook: Member | null, query = "") =>
  run(() =>
    listLoader({ request: getRequest(`/my-recipes${query}`, { cookie: cook?.cookie }), params: {}, context: {} })
  );
async function listed(cook: Member, query = "") {
  return (await (await list(cook, query)).json()) as {
    recipes: { id: number; name: string; shared: boolean }[];
    total: number;
    page: number;
    pages: number;
    confirmDelete: { id: number } | null;
  };
}
/** A post of the list's forms, to the list's address (its search and page, where the cook comes back to). */
const post = (cook: Member | null, form: Record<string, string>, address = "/my-recipes") =>
  run(() =>
    listAction({
      request: requestWith("POST", address, { form }, { cookie: cook?.cookie }),
      params: {},
      context: {},
    })
  );
const openEdit = (cook: Member | null, id: number) =>
  run(() =>
    editLoader({
      request: getRequest(`/my-recipes/${id}`, { cookie: cook?.cookie }),
      params: { id: String(id) },
      context: {},
    })
  );
const saveEdit = (cook: Member | null, id: number, fields: Record<string, string | Blob>) => {
  const body: RequestBody = { multipart: fields };
  return run(() =>
    editAction({
      request: requestWith("POST", `/my-recipes/${id}`, body, { cookie: cook?.cookie }),
      params: { id: String(id) },
      context: {},
    })
  );
};
const readMenu = (id: number, cook: Member | null) =>
  run(() =>
    menuLoader({
      request: getRequest(`/menus/${id}`, { cookie: cook?.cookie }),
      params: { recipeId: String(id) },
      context: {},
    })
  );
const stored = (id: number) =>
  prisma.recipe.findUnique({
    where: { id },
    include: {
      ingredients: { orderBy: { position: "asc" } },
      steps: { orderBy: { position: "asc" } },
      tags: true,
      tips: true,
    },
  });
const edit = {
  name: "Okra and tomato stew",
  prepTime: "15",
  cookingTime: "25",
  totalTime: "",
  servings: "4",
  ingredients: "400 g okra\n3 tomatoes\nFor the sauce:\n2 tbsp olive oil\n1 tsp salt",
  steps: "Fry the okra.\nStew with the tomatoes.\nTo serve:\nSeason and serve hot.",
};

describe("the list of my recipes", () => {
  it("holds the cook's imported and added recipes only, searched by name without case or accents, by pages", async () => {
    const [cook, other] = [await signedInMember("mine"), await signedInMember("theirs")];
    const creme = await ownRecipe(cook, "Crème brûlée for two");
    const shared = await ownRecipe(cook, "Shared okra", true);
    await ownRecipe(other, "Their okra", true);
    const all = await listed(cook);
    expect(all.recipes.map((recipe) => recipe.name).sort()).toEqual([creme.name, shared.name].sort());
    expect(all.recipes.find((recipe) => recipe.id === shared.id)?.shared).toBe(true);

    expect((await listed(cook, "?q=CREME")).recipes.map((recipe) => recipe.id)).toEqual([creme.id]);
    expect((await listed(cook, "?q=okra")).recipes.map((recipe) => recipe.id)).toEqual([shared.id]);
    expect((await listed(cook, "?q=nothing+like+it")).total).toBe(0);

    for (let index = 0; index < 22; index++) await ownRecipe(cook, `Batch ${String(index).padStart(2, "0")}`);
    const first = await listed(cook);
    expect([first.total, first.recipes.length, first.pages]).toEqual([24, 20, 2]);
    const second = await listed(cook, "?page=2");
    expect(second.recipes.length).toBe(4);
    expect(second.recipes.some((recipe) => first.recipes.some((seen) => seen.id === recipe.id))).toBe(false);
    expect((await listed(cook, "?page=99")).page).toBe(2);
  });

  it("sends a guest to log in", async () => {
    const response = await list(null);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("editing a recipe", () => {
  it("replaces its name, times, servings, lines with sections, steps and picture, and keeps its tags and tips", async () => {
    const cook = await signedInMember("editor");
    const recipe = await ownRecipe(cook);
    const form = (await (await openEdit(cook, recipe.id)).json()) as { values: Record<string, string> };
    expect(form.values.ingredients).toBe("300 g okra\nFor the sauce:\n2 tomato");
    const photo = new Blob([await cameraJpeg(800, 600)], { type: "image/jpeg" });
    const response = await saveEdit(cook, recipe.id, { ...edit, picture: new File([photo], "dish.jpg") });
    expect(response.status).toBe(302);
    expect(await flashAfter(response, cook.cookie)).toEqual({
      type: "success",
      message: "“Okra and tomato stew” saved.",
    });
    const after = (await stored(recipe.id))!;
    expect(after.name).toBe("Okra and tomato stew");
    expect([after.prepTime, after.cookingTime, after.totalTime, after.servings]).toEqual([15, 25, null, 4]);
    expect(after.ingredients.map((line) => [line.quantity, line.name, line.section])).toEqual([
      ["400 g", "okra", null],
      ["3", "tomatoes", null],
      ["2 tbsp", "olive oil", "For the sauce"],
      ["1 tsp", "salt", "For the sauce"],
    ]);
    expect(after.steps.map((step) => [step.text, step.section])).toEqual([
      ["Fry the okra.", null],
      ["Stew with the tomatoes.", null],
      ["Season and serve hot.", "To serve"],
    ]);
    expect(after.tags).toContainEqual(expect.objectContaining({ kind: "cuisine", value: "Indian" }));
    expect(after.tips.map((tip) => tip.text)).toEqual(["Keep it dry."]);
    // the picture is re-encoded into the upload store, like a dish photo
    expect(after.image).toMatch(/^\/uploads\/dishes\/[0-9a-f]{32}\.jpg$/);
    expect(existsSync(path.join(uploadsDir, after.image!.replace("/uploads/", "")))).toBe(true);

    // removing it deletes the file and brings back the drawn illustration
    const removed = await saveEdit(cook, recipe.id, { ...edit, removePicture: "on" });
    expect(removed.status).toBe(302);
    expect((await stored(recipe.id))!.image).toBe(`/recipe-images/${recipe.id}.svg`);
    expect(existsSync(path.join(uploadsDir, after.image!.replace("/uploads/", "")))).toBe(false);
  });

  it("refuses a wrong form with the field's message and changes nothing", async () => {
    const cook = await signedInMember("wrong");
    const recipe = await ownRecipe(cook);
    const before = await stored(recipe.id);
    const cases: [Record<string, string | Blob>, string, string][] = [
      [{ ...edit, name: "   " }, "name", "Give the recipe a name"],
      [{ ...edit, servings: "many" }, "servings", "Servings must be a whole number"],
      [{ ...edit, cookingTime: "5000" }, "cookingTime", "Cooking time must be within a day (1440 minutes)"],
      [{ ...edit, ingredients: "" }, "ingredients", "Write at least one ingredient line, such as “2 eggs”."],
      [
        { ...edit, picture: new File(["not a picture"], "notes.jpg", { type: "image/jpeg" }) },
        "picture",
        "Choose a JPEG, PNG, WebP or GIF image",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const response = await saveEdit(cook, recipe.id, fields);
      expect(response.status, field).toBeGreaterThanOrEqual(400);
      const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
      expect(result.error[field], field).toEqual([message]);
    }
    const tooMany = Array.from({ length: 61 }, (_, index) => `${index + 1} g okra`).join("\n");
    const refused = await saveEdit(cook, recipe.id, { ...edit, ingredients: tooMany });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual([
      "A recipe can list at most 60 ingredients.",
    ]);
    expect(await stored(recipe.id)).toEqual(before);
  });

  it("refuses a name another of the cook's private recipes has, and keeps both", async () => {
    const cook = await signedInMember("twins");
    const [first, second] = [await ownRecipe(cook), await ownRecipe(cook)];
    const response = await saveEdit(cook, second.id, { ...edit, name: first.name });
    expect(response.status).toBe(409);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error.name).toEqual([
      `Another of your recipes, or one everyone sees, is called “${first.name}”. Choose another name.`,
    ]);
    expect((await stored(second.id))!.name).toBe(second.name);
  });
});

describe("sharing", () => {
  it("shows a recipe to everyone, and to its owner alone again", async () => {
    const [cook, other] = [await signedInMember("sharer"), await signedInMember("reader")];
    const recipe = await ownRecipe(cook);
    expect((await readMenu(recipe.id, other)).status).toBe(404);
    const shared = await post(cook, { intent: "share", id: String(recipe.id) }, "/my-recipes?q=okra&page=x");
    expect(shared.headers.get("Location")).toBe("/my-recipes?q=okra");
    expect(await flashAfter(shared, cook.cookie)).toEqual({
      type: "success",
      message: `“${recipe.name}” is shared with everyone now.`,
    });
    expect((await readMenu(recipe.id, other)).status).toBe(200);
    await post(cook, { intent: "private", id: String(recipe.id) });
    expect((await readMenu(recipe.id, other)).status).toBe(404);
    expect((await readMenu(recipe.id, cook)).status).toBe(200);
  });

  it("refuses to share a recipe under a name everyone's recipe has already", async () => {
    const [cook, other] = [await signedInMember("late"), await signedInMember("early")];
    await ownRecipe(other, "Okra fry", true);
    const recipe = await ownRecipe(cook, "Okra fry");
    const response = await post(cook, { intent: "share", id: String(recipe.id) });
    expect(await flashAfter(response, cook.cookie)).toEqual({
      type: "error",
      message: "Another recipe everyone sees is called “Okra fry”. Rename yours before sharing it.",
    });
    expect((await stored(recipe.id))!.visibleTo).toBe(cook.id);
  });
});

describe("who may", () => {
  it("lets no one but the owner open, edit, share or delete a recipe: not another cook, not a household member", async () => {
    const [owner, other, member] = [
      await signedInMember("owner"),
      await signedInMember("outsider"),
      await signedInMember("member"),
    ];
    const invite = await createInvite(await cookOfUser(owner.id), {});
    if (!invite.ok) throw new Error(invite.message);
    expect((await joinHousehold(await cookOfUser(member.id), invite.invite.token)).ok).toBe(true);
    const privateOne = await ownRecipe(owner);
    const sharedOne = await ownRecipe(owner, "Everyone's okra", true);
    for (const recipe of [privateOne, sharedOne]) {
      const before = await stored(recipe.id);
      for (const caller of [other, member]) {
        expect((await openEdit(caller, recipe.id)).status).toBe(404);
        expect((await saveEdit(caller, recipe.id, edit)).status).toBe(404);
        for (const intent of ["share", "private", "delete"]) {
          const response = await post(caller, { intent, id: String(recipe.id) });
          expect(await flashAfter(response, caller.cookie)).toEqual({
            type: "error",
            message: "That recipe is not one of yours, or it was deleted.",
          });
        }
        expect((await listed(caller, `?delete=${recipe.id}`)).confirmDelete).toBeNull();
        expect((await listed(caller)).recipes).toEqual([]);
      }
      expect(await stored(recipe.id)).toEqual(before);
    }
    const guest = await openEdit(null, privateOne.id);
    expect(guest.status).toBe(302);
  });
});

describe("deleting a recipe", () => {
  it("takes its plan entries, favourites, history and reviews with it and keeps the meals cooked and leftovers", async () => {
    const [cook, fan] = [await signedInMember("deleter"), await signedInMember("fan")];
    const recipe = await ownRecipe(cook, "Okra to delete", true);
    const photo = new Blob([await cameraJpeg(640, 480)], { type: "image/jpeg" });
    expect(
      (await saveEdit(cook, recipe.id, { ...edit, name: recipe.name, picture: new File([photo], "p.jpg") })).status
    ).toBe(302);
    const image = (await stored(recipe.id))!.image!;
    const { pantryId } = await cookOfUser(cook.id);
    const fanPantry = (await cookOfUser(fan.id)).pantryId;
    for (const user of [cook, fan]) {
      await prisma.favorite.create({ data: { userId: user.id, recipeId: recipe.id } });
      await prisma.historyEntry.create({ data: { userId: user.id, recipeId: recipe.id } });
      await prisma.mealCompletion.create({ data: { userId: user.id, recipeId: recipe.id, co2SavedKg: 0.5 } });
    }
    await prisma.review.create({ data: { userId: fan.id, recipeId: recipe.id, rating: 5, comment: "Lovely" } });
    await prisma.mealPlanEntry.create({
      data: { pantryId, day: "2026-12-01", meal: "Dinner", recipeId: recipe.id, servings: 2 },
    });
    await prisma.mealPlanEntry.create({
      data: { pantryId: fanPantry, day: "2026-12-01", meal: "Lunch", recipeId: recipe.id, servings: 2 },
    });
    const leftovers = await prisma.mealPlanEntry.create({
      data: { pantryId, day: "2026-12-02", meal: "Lunch", recipeId: recipe.id, servings: 1, leftoverOf: recipe.name },
    });

    const asked = await listed(cook, `?delete=${recipe.id}`);
    expect(asked.confirmDelete?.id).toBe(recipe.id);
    const response = await post(cook, { intent: "delete", id: String(recipe.id) });
    expect(await flashAfter(response, cook.cookie)).toEqual({ type: "success", message: "“Okra to delete” deleted." });

    expect(await stored(recipe.id)).toBeNull();
    const where = { recipeId: recipe.id };
    expect(await prisma.favorite.count({ where })).toBe(0);
    expect(await prisma.historyEntry.count({ where })).toBe(0);
    expect(await prisma.review.count({ where })).toBe(0);
    expect(await prisma.mealPlanEntry.count({ where })).toBe(0);
    expect(await prisma.mealPlanEntry.findUnique({ where: { id: leftovers.id } })).toMatchObject({
      recipeId: null,
      leftoverOf: recipe.name,
    });
    // the meals cooked still count, for the cook and for the fan
    for (const user of [cook, fan]) expect((await mealStats(user.id)).total_completed).toBe(1);
    expect(existsSync(path.join(uploadsDir, image.replace("/uploads/", "")))).toBe(false);
    expect((await listed(cook)).recipes).toEqual([]);

    // deleting it again says so, without an error page
    const again = await post(cook, { intent: "delete", id: String(recipe.id) });
    expect(await flashAfter(again, cook.cookie)).toEqual({
      type: "error",
      message: "That recipe is not one of yours, or it was deleted.",
    });
  });
});
