import { beforeAll, describe, expect, it } from "vitest";
import { action as imageAction } from "~/api/get_ingredient_image.server";
import { loader as suggestionsLoader } from "~/api/ingredient-suggestions.server";
import { action as imageAliasAction } from "~/routes/get_ingredient_image";
import { action as previewAction, loader as previewLoader } from "~/routes/ingredient-preview";
import { action as loginAction } from "~/routes/login";
import { action as searchAction, loader as searchLoader } from "~/routes/search";
import { signup } from "~/services/auth.server";
import { prisma } from "~/services/db.server";
import { readPantry } from "~/services/pantry-store.server";
import { seedIngredients } from "../../prisma/seed";
import { rootAnswer } from "../support/flash";
import { cookiesAfter, formRequest, getRequest, jsonRequest, run, served } from "../support/requests";
import { getCook } from "~/services/cook.server";

beforeAll(async () => {
  await seedIngredients();
});

const args = (request: Request) => ({ request, params: {}, context: {} });

/** A browser without JavaScript: posts forms, keeps the cookies; a screen shows the root loader's flash. */
function browser(initialCookie: string | null = null) {
  let cookie = initialCookie;
  const keep = (response: Response) => {
    cookie = cookiesAfter(cookie, response);
    return response;
  };
  const flashOn = async (path: string, sent: string | null) => {
    const answer = keep(await rootAnswer(path, sent));
    return ((await answer.json()) as { flash: { type: string; message: string } | null }).flash;
  };
  return {
    get cookie() {
      return cookie;
    },
    async search(query = "") {
      const path = query ? `/search?${new URLSearchParams({ q: query })}` : "/search";
      const sent = cookie;
      const response = keep(await run(() => searchLoader(args(getRequest(path, { cookie: sent })))));
      const page = (await response.json()) as Awaited<ReturnType<typeof searchLoader>>["data"];
      return { ...page, flash: await flashOn(path, sent) };
    },
    /** A form on /search?q=<query>, which posts back to that address. */
    async postSearch(fields: Record<string, string>, query = "") {
      const path = query ? `/search?${new URLSearchParams({ q: query })}` : "/search";
      return keep(await run(() => searchAction(args(formRequest(path, fields, { cookie })))));
    },
    async preview(query = "") {
      const sent = cookie;
      const response = keep(
        await run(() => previewLoader(args(getRequest(`/ingredient-preview${query}`, { cookie: sent }))))
      );
      const page = (await response.json()) as Awaited<ReturnType<typeof previewLoader>>["data"];
      return { ...page, flash: await flashOn(`/ingredient-preview${query}`, sent) };
    },
    async postPreview(fields: Record<string, string>) {
      return keep(await run(() => previewAction(args(formRequest("/ingredient-preview", fields, { cookie })))));
    },
    async names() {
      return (await readPantry(await getCook(getRequest("/", { cookie })))).map((item) => item.name);
    },
  };
}

describe("/search", () => {
  it("lists catalogue matches for a search, with synonyms named and an add-as-typed choice for unknown text", async () => {
    const page = await browser().search("prawn");
    expect(page.results[0]).toMatchObject({ name: "shrimp", via: "prawn", imageUrl: "/icons/shrimp" });
    expect(page.typedExtra).toBeNull();
    const unknown = await browser().search("grandma's zorblax");
    expect(unknown.results).toEqual([]);
    expect(unknown.typedExtra).toMatchObject({ name: "grandma's zorblax", type: "Other" });
  });

  it("adds a result without JavaScript: back to the same search with 'Ingredient added.', even on a first visit", async () => {
    const guest = browser();
    const response = await guest.postSearch({ intent: "add", name: "tomato" }, "tom");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/search?q=tom");
    const page = await guest.search("tom");
    expect(page.flash).toEqual({ type: "success", message: "Ingredient added." });
    expect(page.count).toBe(1);
    expect(page.listedKeys).toEqual(["tomato"]);
    expect(await guest.names()).toEqual(["tomato"]);
  });

  it("reads a typed list into items, keeping amounts, and adds one or all of them without JavaScript", async () => {
    const guest = browser();
    const list = "2 eggs, 500 g chicken breast and tomato\nonion";
    const page = await guest.search(list);
    expect(page.results).toEqual([]);
    expect(page.typedList?.map((item) => [item.name, item.amount])).toEqual([
      ["eggs", "2"],
      ["chicken breast", "500 g"],
      ["tomato", null],
      ["onion", null],
    ]);
    await guest.postSearch({ intent: "add", name: "tomato" }, list);
    expect((await guest.search(list)).typedList?.find((item) => item.name === "tomato")?.listed).toBe(true);
    const response = await guest.postSearch({ intent: "add-all", list }, list);
    expect(response.headers.get("Location")).toBe(`/search?${new URLSearchParams({ q: list })}`);
    expect((await guest.search(list)).flash).toEqual({ type: "success", message: "Ingredient added." });
    const items = await readPantry(await getCook(getRequest("/", { cookie: guest.cookie })));
    expect(items.map((item) => [item.name, item.quantity, item.unit])).toEqual([
      ["tomato", null, null],
      ["eggs", 2, null],
      ["chicken breast", 500, "g"],
      ["onion", null, null],
    ]);
  });

  it("refuses an 'Add all' without a list, adding nothing", async () => {
    const guest = browser();
    await guest.postSearch({ intent: "add-all", list: "  " });
    expect((await guest.search()).flash).toEqual({ type: "error", message: "Please enter an ingredient name." });
    expect(await guest.names()).toEqual([]);
  });

  it("says so when the ingredient is already listed, and adds nothing", async () => {
    const guest = browser();
    await guest.postSearch({ intent: "add", name: "Tomatoes" });
    await guest.postSearch({ intent: "add", name: "tomato" });
    expect((await guest.search()).flash).toEqual({ type: "error", message: "Tomatoes is already in your list." });
    expect(await guest.names()).toEqual(["Tomatoes"]);
  });

  it("toggles a recommended ingredient on and off, showing it pressed", async () => {
    const guest = browser();
    await guest.postSearch({ intent: "toggle", name: "Celery" });
    let page = await guest.search();
    expect(page.flash?.message).toBe("Ingredient added.");
    expect(page.toggles.find((toggle) => toggle.name === "Celery")?.listed).toBe(true);
    await guest.postSearch({ intent: "toggle", name: "Celery" });
    page = await guest.search();
    expect(page.flash?.message).toBe("Celery removed from your list.");
    expect(page.toggles.every((toggle) => !toggle.listed)).toBe(true);
    expect(await guest.names()).toEqual([]);
  });

  it("refuses a blank name or an unknown action with a message and no change", async () => {
    const guest = browser();
    await guest.postSearch({ intent: "add", name: "egg" });
    await guest.postSearch({ intent: "add", name: "   " });
    expect((await guest.search()).flash).toEqual({ type: "error", message: "Please enter an ingredient name." });
    await guest.postSearch({ intent: "explode", name: "milk" });
    expect((await guest.search()).flash).toEqual({ type: "error", message: "Unknown action." });
    expect(await guest.names()).toEqual(["egg"]);
  });

  it("gives a first-time visitor a session, so quick toggles all land in one list", async () => {
    const guest = browser();
    await guest.search();
    expect(guest.cookie).not.toBeNull();
    await Promise.all(
      ["Bread", "Tomato", "Celery", "Pork"].map((name) => guest.postSearch({ intent: "toggle", name }))
    );
    expect((await guest.names()).sort()).toEqual(["Bread", "Celery", "Pork", "Tomato"]);
  });

  it("stores no session for visits that store nothing: 20 cookie-less GETs add no Session row, the first add one", async () => {
    const before = await prisma.session.count();
    for (let visit = 0; visit < 10; visit += 1) {
      await browser().search();
      await browser().preview();
    }
    expect(await prisma.session.count()).toBe(before);
    const guest = browser();
    await guest.search();
    expect(await prisma.session.count()).toBe(before);
    await guest.postSearch({ intent: "toggle", name: "Bread" });
    await guest.postSearch({ intent: "toggle", name: "Tomato" });
    expect(await prisma.session.count()).toBe(before + 1);
    expect((await guest.names()).sort()).toEqual(["Bread", "Tomato"]);
  });

  it("refuses a post from another site", async () => {
    const request = formRequest(
      "/search",
      { intent: "add", name: "egg" },
      { headers: { Origin: "https://evil.example" } }
    );
    expect((await served(request, () => searchAction(args(request)))).status).toBe(403);
  });

  it("counts searches and adds for Home's most-searched toggles, not the page shown again after an add", async () => {
    const guest = browser();
    await guest.search("quinoa");
    await guest.postSearch({ intent: "add", name: "quinoa" }, "quinoa");
    await guest.search("quinoa");
    const row = await prisma.ingredientPopularity.findUniqueOrThrow({ where: { name: "quinoa" } });
    expect(row.count).toBe(2);
  });
});

describe("/api/ingredient-suggestions", () => {
  it("suggests by prefix, synonym and typo", async () => {
    const names = async (q: string) => {
      const response = await suggestionsLoader(
        args(getRequest(`/api/ingredient-suggestions?q=${encodeURIComponent(q)}`))
      );
      return ((await response.json()) as { suggestions: { name: string }[] }).suggestions.map((s) => s.name);
    };
    expect((await names("toma"))[0]).toBe("tomato");
    expect(await names("scallion")).toContain("spring onion");
    expect(await names("chiken")).toEqual(["chicken"]);
    expect(await names("")).toEqual([]);
  });
});

describe("/ingredient-preview", () => {
  it("lists the items with a picture per ingredient (the catalogue's, else its type's)", async () => {
    const guest = browser();
    await guest.postSearch({ intent: "add", name: "tomato" });
    await guest.postSearch({ intent: "add", name: "grandma's zorblax" });
    const page = await guest.preview();
    expect(page.items.map((item) => [item.name, item.type, item.imageUrl])).toEqual([
      ["tomato", "Vegetables", "/icons/tomato"],
      ["grandma's zorblax", "Other", "/icons/shopping-bags"],
    ]);
    expect((await browser().preview()).items).toEqual([]);
  });

  it("edits an item without JavaScript: ?edit=<key> opens the form, Save redirects with a message", async () => {
    const guest = browser();
    await guest.postSearch({ intent: "add", name: "tomato" });
    expect((await guest.preview("?edit=tomato")).editKey).toBe("tomato");
    const saved = await guest.postPreview({ intent: "edit", key: "tomato", name: "Plum tomatoes", type: "Vegetables" });
    expect(saved.headers.get("Location")).toBe("/ingredient-preview");
    const page = await guest.preview();
    expect(page.flash?.message).toBe("Plum tomatoes saved.");
    expect(page.items).toMatchObject([{ key: "tomato", name: "Plum tomatoes", type: "Vegetables" }]);
  });

  it("answers a bad edit with the message on its field and changes nothing", async () => {
    const guest = browser();
    await guest.postSearch({ intent: "add", name: "tomato" });
    await guest.postSearch({ intent: "add", name: "egg" });
    const cases: [Record<string, string>, string, string][] = [
      [{ name: "  ", type: "Eggs" }, "name", "Please enter an ingredient name."],
      [{ name: "x".repeat(61), type: "Eggs" }, "name", "Ingredient names can be at most 60 characters."],
      [{ name: "egg", type: "Sweets" }, "type", "Please choose one of the listed types."],
      [{ name: "tomatoes", type: "Eggs" }, "name", "tomato is already in your list."],
    ];
    for (const [fields, field, message] of cases) {
      const response = await guest.postPreview({ intent: "edit", key: "egg", ...fields });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { editKey: string; result: { error: Record<string, string[]> } };
      expect(body.editKey).toBe("egg");
      expect(body.result.error[field]).toEqual([message]);
    }
    expect(await guest.names()).toEqual(["tomato", "egg"]);
  });

  it("deletes an item, and says so when it was already gone", async () => {
    const guest = browser();
    await guest.postSearch({ intent: "add", name: "egg" });
    await guest.postPreview({ intent: "delete", key: "egg" });
    expect((await guest.preview()).flash?.message).toBe("egg deleted.");
    await guest.postPreview({ intent: "delete", key: "egg" });
    expect((await guest.preview()).flash).toEqual({
      type: "error",
      message: "That ingredient is no longer in your list.",
    });
    expect(await guest.names()).toEqual([]);
  });

  it("keeps a user's list apart from other users'", async () => {
    const guest = browser();
    await guest.postSearch({ intent: "add", name: "lemon" });
    const stranger = browser();
    expect((await stranger.preview()).items).toEqual([]);
    await stranger.postPreview({ intent: "delete", key: "lemon" });
    expect(await guest.names()).toEqual(["lemon"]);
  });
});

describe("signing in with a guest list", () => {
  it("merges the guest's ingredients into the account through the login form", async () => {
    const username = `merge_${Date.now() % 100000}`;
    const created = await signup({ username, email: `${username}@example.com`, password: "Secret123" });
    expect(created.ok).toBe(true);
    const guest = browser();
    await guest.postSearch({ intent: "add", name: "celery" });
    await guest.postSearch({ intent: "add", name: "pork" });
    const login = await run(() =>
      loginAction(args(formRequest("/login", { username, password: "Secret123" }, { cookie: guest.cookie })))
    );
    expect(login.status).toBe(302);
    const user = browser(cookiesAfter(guest.cookie, login));
    expect(await user.names()).toEqual(["celery", "pork"]);
    const row = await prisma.user.findUniqueOrThrow({
      where: { username },
      include: { household: { include: { household: { include: { pantry: { include: { items: true } } } } } } },
    });
    expect(row.household?.household.pantry?.items.map((item) => item.nameKey).sort()).toEqual(["celery", "pork"]);
  });
});

describe("POST /api/get_ingredient_image and /get_ingredient_image", () => {
  const post = (body: unknown, path = "/api/get_ingredient_image") =>
    run(() => (path === "/api/get_ingredient_image" ? imageAction : imageAliasAction)(args(jsonRequest(path, body))));

  it("answers a picture per name, only for those the client has not cached", async () => {
    const response = await post({ ingredients: ["Tomatoes", "prawns", "moon cheese", "tomatoes"], cached: ["PRAWNS"] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { ingredient: "Tomatoes", imageUrl: "/icons/tomato" },
      { ingredient: "moon cheese", imageUrl: "/icons/shopping-bags" },
    ]);
    const alias = await post({ ingredients: ["egg"] }, "/get_ingredient_image");
    expect(await alias.json()).toEqual([{ ingredient: "egg", imageUrl: "/icons/egg" }]);
  });

  it.each([
    [{}, "ingredients: must be a list of ingredient names"],
    [{ ingredients: "tomato" }, "ingredients: must be a list of ingredient names"],
    [{ ingredients: ["tomato", 3] }, "ingredients.1: "],
    [{ ingredients: ["tomato"], cached: "egg" }, "cached: must be a list of the names whose images you already have"],
    [{ ingredients: Array.from({ length: 201 }, (_, i) => `item ${i}`) }, "ingredients: at most 200 names"],
    ["[1, 2]", "Request body must be a JSON object"],
    ["{not json", "Request body must be valid JSON"],
  ])("answers %j with a 400 and a clear message", async (body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
  });
});
