import { beforeAll, describe, expect, it } from "vitest";
import { loader as menuSuggestionLoader } from "~/routes/menu-suggestion";
import { action as preferencesAction, loader as preferencesLoader } from "~/routes/preferences";
import { prisma } from "~/services/db.server";
import { addToPantry } from "~/services/pantry-store.server";
import { suggestRecipes } from "~/services/recipe-search.server";
import type { RecipeDraft } from "~/domain/recipe-analysis";
import { saveRecipe } from "~/services/recipe-store.server";
import { createUserSession } from "~/services/sign-in.server";
import { seed } from "../../prisma/seed";
import { formRequest, getRequest, jsonRequest, run, served, sessionCookieFrom } from "../support/requests";
import { getCook } from "~/services/cook.server";

beforeAll(async () => {
  await seed();
});

const args = (request: Request) => ({ request, params: {}, context: {} });

/** A browser-like holder of the session cookie. */
function browser(initialCookie: string | null = null) {
  let cookie = initialCookie;
  return {
    get cookie() {
      return cookie;
    },
    keep(response: Response | Headers) {
      const setCookie = response instanceof Headers ? response.get("Set-Cookie") : response.headers.get("Set-Cookie");
      if (setCookie) cookie = setCookie.split(";")[0];
    },
    async have(...names: string[]) {
      const result = await addToPantry(
        await getCook(getRequest("/search", { cookie })),
        names.map((name) => ({ name }))
      );
      if (!result.ok) throw new Error(result.message);
      this.keep(result.headers);
    },
    async choose(fields: [string, string][]) {
      const request = new Request(formRequest("/preferences", {}, { cookie }), { body: new URLSearchParams(fields) });
      const response = await run(() => preferencesAction(args(request)));
      this.keep(response);
      return response;
    },
    async preferences() {
      return (await this.preferencesScreen()).preferences;
    },
    async preferencesScreen() {
      return (await (await run(() => preferencesLoader(args(getRequest("/preferences", { cookie }))))).json()) as {
        preferences: unknown;
        clashes: { pairs: [string, string][]; noneFitsAll: boolean };
      };
    },
    async suggestions(path = "/menu-suggestion") {
      const response = await run(() => menuSuggestionLoader(args(getRequest(path, { cookie }))));
      return (await response.json()) as {
        ingredientCount: number;
        total: number;
        moreHref: string | null;
        allergies: { hidden: number; shown: number; showHref: string; hideHref: string };
        occasion: { mode: "filter" | "closest"; meals: string; count: number; anyHref: string } | null;
        noneUsesAll: string[] | null;
        emptyReasons: { label: string; more: number; href: string }[];
        menus: {
          allergens: string[];
          menu_id: number;
          menu_name: string;
          prep_time: number | null;
          have: string[];
          missing: string[];
          reason: string | null;
          generated?: true;
        }[];
      };
    },
  };
}

let userCounter = 0;
async function newUser() {
  userCounter += 1;
  return prisma.user.create({
    data: {
      username: `prefs_${userCounter}_${Date.now() % 100000}`,
      email: `prefs${userCounter}_${Date.now()}@example.com`,
    },
  });
}

describe("/preferences", () => {
  it("saves a guest's chips in the session and goes on to the suggestions", async () => {
    const guest = browser();
    const response = await guest.choose([
      ["cuisines", "Italian"],
      ["dietaryPreferences", "Vegetarian"],
      ["mealOccasions", "Dinner"],
      ["mealOccasions", "Lunch"],
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/menu-suggestion");
    expect(await guest.preferences()).toEqual({
      cuisines: ["Italian"],
      dietaryPreferences: ["Vegetarian"],
      mealOccasions: ["Lunch", "Dinner"],
    });
    // Unchecking everything is a choice too.
    await guest.choose([]);
    expect(await guest.preferences()).toEqual({ cuisines: [], dietaryPreferences: [], mealOccasions: [] });
  });

  it("saves a signed-in user's chips with the account, where a new session finds them", async () => {
    const user = await newUser();
    const cook = browser((await createUserSession(getRequest("/login"), user.id)).split(";")[0]);
    await cook.choose([
      ["dietaryPreferences", "Gluten intolerance"],
      ["cuisines", "Indian"],
    ]);
    const row = await prisma.userPreferences.findUniqueOrThrow({ where: { userId: user.id } });
    expect(JSON.parse(row.dietaryPreferences)).toEqual(["Gluten intolerance"]);
    const laterSession = browser((await createUserSession(getRequest("/login"), user.id)).split(";")[0]);
    expect(await laterSession.preferences()).toEqual({
      cuisines: ["Indian"],
      dietaryPreferences: ["Gluten intolerance"],
      mealOccasions: [],
    });
  });

  it("carries a guest's choices into an account without any at sign-in, never over the account's own", async () => {
    const guest = browser();
    await guest.choose([
      ["dietaryPreferences", "Vegetarian"],
      ["cuisines", "Mexican"],
    ]);
    const fresh = await newUser();
    const signedIn = browser(
      (await createUserSession(getRequest("/login", { cookie: guest.cookie }), fresh.id)).split(";")[0]
    );
    expect(await signedIn.preferences()).toEqual({
      cuisines: ["Mexican"],
      dietaryPreferences: ["Vegetarian"],
      mealOccasions: [],
    });

    const settled = await newUser();
    await prisma.userPreferences.create({
      data: { userId: settled.id, dietaryPreferences: JSON.stringify(["Pescatarian"]) },
    });
    const other = browser();
    await other.choose([["dietaryPreferences", "Keto"]]);
    const back = browser(
      (await createUserSession(getRequest("/login", { cookie: other.cookie }), settled.id)).split(";")[0]
    );
    expect(await back.preferences()).toEqual({ cuisines: [], dietaryPreferences: ["Pescatarian"], mealOccasions: [] });
  });

  it("refuses a value that is not on the spec's lists, keeping what was saved", async () => {
    const guest = browser();
    await guest.choose([["cuisines", "Mexican"]]);
    const response = await guest.choose([
      ["cuisines", "Klingon"],
      ["mealOccasions", "Party"],
    ]);
    expect(response.status).toBe(400);
    expect(await guest.preferences()).toEqual({ cuisines: ["Mexican"], dietaryPreferences: [], mealOccasions: [] });
  });

  it.each([
    ["a JSON body", jsonRequest("/preferences", { cuisines: ["Fusion"] }), "Request body must be a form"],
    ["broken JSON", jsonRequest("/preferences", "{oops"), "Request body must be a form"],
    [
      "a body that is not a form",
      new Request(formRequest("/preferences", {}), {
        body: "cuisines",
        headers: { "Content-Type": "text/plain", Origin: "http://localhost:3000" },
      }),
      "Request body must be a form",
    ],
  ])("answers %s with 400 and a message, saving nothing", async (_, request, message) => {
    const response = await run(() => preferencesAction(args(request)));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it("refuses a post from another site", async () => {
    const request = formRequest(
      "/preferences",
      { cuisines: "Italian" },
      { headers: { Origin: "https://elsewhere.example" } }
    );
    expect((await served(request, () => preferencesAction(args(request)))).status).toBe(403);
  });
});

describe("/menu-suggestion", () => {
  it("'Cook with these' (?use=) keeps only the recipes that use one of the named items", async () => {
    const guest = browser();
    await guest.have("pork", "chicken breast", "tomato", "onion");
    // the card's "You have" line: the pork itself, or the pork standing in for a line ("pork (for bacon)")
    const usesPork = (menu: { have: string[] }) =>
      menu.have.some((name) => name === "pork" || name.startsWith("pork ("));
    const all = await guest.suggestions();
    expect(all.menus.some((menu) => !usesPork(menu))).toBe(true);
    const withPork = await guest.suggestions("/menu-suggestion?use=pork");
    expect(withPork.menus.length).toBeGreaterThan(0);
    for (const menu of withPork.menus) expect(usesPork(menu)).toBe(true);
  });

  it("lists recipes for the cook's ingredients with what they have and what is missing", async () => {
    const guest = browser();
    await guest.have("Tomatoes", "eggs", "onion");
    const { menus, ingredientCount } = await guest.suggestions();
    expect(ingredientCount).toBe(3);
    expect(menus.length).toBeGreaterThan(0);
    expect(menus.length).toBeLessThanOrEqual(20);
    for (const menu of menus) {
      expect(menu.have.length).toBeGreaterThan(0);
      // a kind of a listed item counts as had, named as the cook has it: "onion (for red onion)"
      for (const name of menu.have)
        expect(["tomato", "egg", "onion"].some((item) => name === item || name.startsWith(`${item} (for `))).toBe(true);
      for (const name of menu.missing) expect(["tomato", "egg", "onion"]).not.toContain(name);
    }
  });

  it("sends each card what it shows and nothing more (the data travels, and is read again, with the page)", async () => {
    const guest = browser();
    await guest.have("pork", "tomato", "onion");
    const { menus } = await guest.suggestions();
    expect(menus.length).toBeGreaterThan(0);
    const shown = ["menu_id", "menu_name", "prep_time", "cooking_time", "image", "group", "allergens", "reason"];
    const optional = ["image_srcset", "image_credit", "generated"];
    for (const menu of menus) {
      const fields = Object.keys(menu);
      expect(fields.filter((field) => !optional.includes(field)).sort()).toEqual([...shown, "have", "missing"].sort());
    }
    // the reason is worded from the pantry items a card uses, which stay on the server
    expect(menus.some((menu) => menu.reason?.startsWith("uses your "))).toBe(true);
  });

  it("shows a recipe's new name and times on the next visit after it is edited", async () => {
    const guest = browser();
    await guest.have("okra", "tomato", "onion");
    const [first] = (await guest.suggestions()).menus;
    await prisma.recipe.update({
      where: { id: first.menu_id },
      data: { name: `${first.menu_name} Deluxe`, prepTime: (first.prep_time ?? 0) + 7 },
    });
    const again = (await guest.suggestions()).menus.find((menu) => menu.menu_id === first.menu_id);
    expect(again).toMatchObject({ menu_name: `${first.menu_name} Deluxe`, prep_time: (first.prep_time ?? 0) + 7 });
  });

  it("never shows a vegetarian a recipe with meat, however well it fits", async () => {
    const guest = browser();
    await guest.have("ground pork", "carrot", "spring roll wrapper", "onion", "garlic");
    const everyone = await guest.suggestions();
    expect(everyone.menus[0].have).toContain("ground pork");
    await guest.choose([["dietaryPreferences", "Vegetarian"]]);
    const vegetarian = await guest.suggestions();
    expect(vegetarian.menus.length).toBeGreaterThan(0);
    const lines = await prisma.recipeIngredient.findMany({
      where: { recipeId: { in: vegetarian.menus.map((menu) => menu.menu_id) } },
      select: { ingredient: { select: { name: true, type: true } } },
    });
    expect(lines.filter((line) => line.ingredient?.type === "Meat sausages and fish")).toEqual([]);
  });

  it("orders by the saved cuisine and occasion as the ranking does", async () => {
    const guest = browser();
    await guest.have("egg", "spring onion", "rice");
    const ids = async () => (await guest.suggestions()).menus.map((menu) => menu.menu_id);
    const unchosen = await ids();
    await guest.choose([
      ["cuisines", "Southeast Asian"],
      ["mealOccasions", "Breakfast"],
    ]);
    const chosen = await ids();
    const ranked = await suggestRecipes({
      ingredients: ["egg", "spring onion", "rice"],
      cuisines: ["Southeast Asian"],
      dietaryPreferences: [],
      mealOccasions: ["Breakfast"],
    });
    expect(chosen).toEqual(ranked.map((menu) => menu.menu_id));
    expect(chosen).not.toEqual(unchosen);
  });

  it("is empty when no recipe can meet the dietary preferences", async () => {
    const guest = browser();
    await guest.have("potato");
    await guest.choose([
      ["dietaryPreferences", "Keto"],
      ["dietaryPreferences", "High carb"],
    ]);
    expect((await guest.suggestions()).menus).toEqual([]);
  });

  it("passes a recipe's missing times on as null (shown as N/A)", async () => {
    await saveRecipe({
      name: "Untimed Kohlrabi Slaw",
      cuisines: [],
      occasions: ["Side Dish"],
      ingredients: [{ name: "kohlrabi", quantity: "300 g" }],
      steps: ["Grate the kohlrabi and dress it."],
      tips: [],
      origin: "user",
    });
    const guest = browser();
    await guest.have("kohlrabi");
    const menu = (await guest.suggestions()).menus.find((item) => item.menu_name === "Untimed Kohlrabi Slaw");
    expect(menu).toMatchObject({ prep_time: null, have: ["kohlrabi"], missing: [] });
  });

  it("'Best rated' puts the recipes with the highest average stars first and the unrated after them", async () => {
    const guest = browser();
    await guest.have("tomato", "onion", "garlic");
    const inPantryOrder = (await guest.suggestions()).menus.map((menu) => menu.menu_id);
    const [first, , , fourth, fifth] = inPantryOrder;
    const reviewers = [await newUser(), await newUser()];
    const review = (recipeId: number, ratings: number[]) =>
      Promise.all(
        ratings.map((rating, index) =>
          prisma.review.create({ data: { userId: reviewers[index].id, recipeId, rating, comment: "Cooked it." } })
        )
      );
    await review(fifth, [5, 4]);
    await review(fourth, [2]);
    await review(first, [4, 3]);
    const rated = (await guest.suggestions("/menu-suggestion?sort=rated")).menus.map((menu) => menu.menu_id);
    expect(rated.slice(0, 3)).toEqual([fifth, first, fourth]);
    expect(rated.slice(3)).toEqual(inPantryOrder.filter((id) => ![fifth, first, fourth].includes(id)));
  });

  it("'Under 30 min' and 'Cook with these' look past the first 20 suggestions for what they keep", async () => {
    const parsnipRecipe = (name: string, extra: Partial<RecipeDraft>) =>
      saveRecipe({
        name,
        cuisines: [],
        occasions: [],
        ingredients: [{ name: "parsnip", quantity: "400 g" }],
        steps: ["Roast it."],
        tips: [],
        origin: "user",
        ...extra,
      });
    for (let i = 1; i <= 25; i++) await parsnipRecipe(`Slow Parsnip Bake ${i}`, { prepTime: 20, cookingTime: 90 });
    // Uses the leek but not the parsnip and needs three things the cook lacks, so it ranks below every bake.
    await parsnipRecipe("Quick Parsnip Fritters", {
      prepTime: 10,
      cookingTime: 10,
      ingredients: [
        { name: "leek", quantity: "1" },
        { name: "cheddar", quantity: "50 g" },
        { name: "egg", quantity: "1" },
        { name: "flour", quantity: "100 g" },
      ],
    });
    const guest = browser();
    await guest.have("parsnip", "leek");
    const all = await guest.suggestions();
    expect(all.menus).toHaveLength(20);
    expect(all.menus.map((menu) => menu.menu_name)).not.toContain("Quick Parsnip Fritters");
    const quick = await guest.suggestions("/menu-suggestion?quick=30");
    expect(quick.menus.map((menu) => menu.menu_name)).toContain("Quick Parsnip Fritters");
    const withLeek = await guest.suggestions("/menu-suggestion?use=leek");
    expect(withLeek.menus.map((menu) => menu.menu_name)).toContain("Quick Parsnip Fritters");
  });

  it("marks the recipes the recipe generator wrote as generated, and no others", async () => {
    const celeriacRecipe = (name: string, origin: "generated" | "user") =>
      saveRecipe({
        name,
        cuisines: [],
        occasions: [],
        ingredients: [{ name: "celeriac", quantity: "400 g" }],
        steps: ["Cook it."],
        tips: [],
        origin,
      });
    await celeriacRecipe("Generated Celeriac Soup", "generated");
    await celeriacRecipe("Cook's Celeriac Mash", "user");
    const guest = browser();
    await guest.have("celeriac");
    const { menus } = await guest.suggestions();
    const card = (name: string) => menus.find((menu) => menu.menu_name === name);
    expect(card("Generated Celeriac Soup")).toMatchObject({ generated: true });
    expect(card("Cook's Celeriac Mash")).toBeDefined();
    expect(card("Cook's Celeriac Mash")).not.toHaveProperty("generated");
  });
});

describe("/menu-suggestion: issue 27", () => {
  it("pages through every suggestion with 'Show 20 more' in the address", async () => {
    const guest = browser();
    await guest.have("onion", "garlic", "tomato");
    const first = await guest.suggestions();
    expect(first.menus).toHaveLength(20);
    expect(first.total).toBeGreaterThan(40);
    expect(first.moreHref).toBe("/menu-suggestion?page=2");
    const second = await guest.suggestions(first.moreHref!);
    expect(second.menus).toHaveLength(40);
    expect(second.menus.slice(0, 20)).toEqual(first.menus);
  });

  it("hides a signed-in cook's allergens, says how many, and shows them marked on request", async () => {
    const user = await prisma.user.create({
      data: { username: "screen_allergic", email: "screen_allergic@example.com", allergies: JSON.stringify(["milk"]) },
    });
    const cook = browser((await createUserSession(getRequest("/home"), user.id)).split(";")[0]);
    await cook.have("egg", "flour", "butter", "cheese");
    const hidden = await cook.suggestions();
    expect(hidden.allergies.hidden).toBeGreaterThan(0);
    expect(hidden.menus.every((menu) => menu.allergens.length === 0)).toBe(true);
    const shown = await cook.suggestions(hidden.allergies.showHref);
    expect(shown.allergies.shown).toBe(hidden.allergies.hidden);
    expect(shown.menus.some((menu) => menu.allergens.includes("milk"))).toBe(true);
  });

  it("contradictory diets: an empty list that names the diet to drop, the link bringing recipes back", async () => {
    const guest = browser();
    await guest.have("egg", "tomato", "onion");
    await guest.choose([
      ["dietaryPreferences", "Vegetarian"],
      ["dietaryPreferences", "Keto"],
      ["dietaryPreferences", "High carb"],
      ["dietaryPreferences", "Diabetes"],
    ]);
    const empty = await guest.suggestions();
    expect(empty.total).toBe(0);
    const highCarb = empty.emptyReasons.find((reason) => reason.label === "your High carb diet");
    expect(highCarb?.href).toBe("/menu-suggestion?without=High+carb");
    const without = await guest.suggestions(highCarb!.href);
    expect(without.total).toBe(highCarb!.more);
    const screen = await guest.preferencesScreen();
    expect(screen.clashes.pairs).toContainEqual(["Keto", "High carb"]);
    expect(screen.clashes.noneFitsAll).toBe(true);
  });

  it("a small pantry no recipe uses all of: says so and shows the closest", async () => {
    const guest = browser();
    await guest.have("tofu", "broccoli");
    await guest.choose([["dietaryPreferences", "Vegetarian"]]);
    const screen = await guest.suggestions();
    expect(screen.noneUsesAll).toEqual(["tofu", "broccoli"]);
    expect(screen.menus.length).toBeGreaterThan(0);
  });

  it("a chosen meal filters the list and says so, with a link to every meal", async () => {
    const guest = browser();
    await guest.have("egg", "bread", "milk");
    await guest.choose([["mealOccasions", "Breakfast"]]);
    const screen = await guest.suggestions();
    expect(screen.occasion).toMatchObject({ mode: "filter", meals: "Breakfast", anyHref: "/menu-suggestion?meal=any" });
    const everyMeal = await guest.suggestions(screen.occasion!.anyHref);
    expect(everyMeal.total).toBeGreaterThan(screen.total);
  });
});
