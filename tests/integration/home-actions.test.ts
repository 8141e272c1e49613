import { beforeAll, describe, expect, it } from "vitest";
import { action as homeAction, loader as homeLoader } from "~/routes/_tabs.home";
import { loader as randomMenuLoader } from "~/api/random-menu.server";
import { prisma } from "~/services/db.server";
import { addToPantry, readPantry } from "~/services/pantry-store.server";
import { seed } from "../../prisma/seed";
import { flashOn } from "../support/flash";
import { cookiesAfter, formRequest, getRequest, run, served } from "../support/requests";
import { getCook } from "~/services/cook.server";

beforeAll(async () => {
  await seed();
});

const args = (request: Request) => ({ request, params: {}, context: {} });

type HomeData = { toggles: { name: string; listed: boolean }[]; flash: { type: string; message: string } | null };

async function home(cookie: string | null): Promise<HomeData> {
  const page = (await (await run(() => homeLoader(args(getRequest("/home", { cookie }))))).json()) as HomeData;
  return { ...page, flash: await flashOn("/home", cookie) };
}

function post(fields: Record<string, string>, cookie: string | null) {
  return run(() => homeAction(args(formRequest("/home", fields, { cookie }))));
}

describe("Home's most-searched toggles", () => {
  it("come from the built-in list while nobody has searched, then from what people add most", async () => {
    expect((await home(null)).toggles.map((toggle) => toggle.name)).toEqual([
      "rice",
      "pasta",
      "bread",
      "flour",
      "chickpea",
      "tomato",
    ]);
    const someone = await addToPantry(await getCook(getRequest("/search")), [{ name: "kimchi" }, { name: "tofu" }]);
    expect(someone.ok).toBe(true);
    await addToPantry(await getCook(getRequest("/search")), [{ name: "tofu" }]);
    expect((await home(null)).toggles.map((toggle) => toggle.name).slice(0, 3)).toEqual(["tofu", "kimchi", "rice"]);
  });

  it("add the ingredient to a guest's list, then remove it, saying so after the redirect", async () => {
    const added = await post({ intent: "toggle", name: "pasta" }, null);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/home");
    const cookie = cookiesAfter(null, added);
    const afterAdd = await home(cookie);
    expect(afterAdd.flash).toEqual({ type: "success", message: "Ingredient added." });
    expect(afterAdd.toggles.find((toggle) => toggle.name === "pasta")?.listed).toBe(true);
    expect((await readPantry(await getCook(getRequest("/home", { cookie })))).map((item) => item.name)).toEqual([
      "pasta",
    ]);

    const removed = await post({ intent: "toggle", name: "pasta" }, cookie);
    const afterRemove = await home(cookiesAfter(cookie, removed));
    expect(afterRemove.flash).toEqual({ type: "success", message: "pasta removed from your list." });
    expect(afterRemove.toggles.find((toggle) => toggle.name === "pasta")?.listed).toBe(false);
    expect(await readPantry(await getCook(getRequest("/home", { cookie })))).toEqual([]);
  });

  it.each([
    ["no intent", { name: "rice" }],
    ["an unknown intent", { intent: "delete-everything", name: "rice" }],
    ["a blank name", { intent: "toggle", name: "  " }],
  ])("answer %s with a message on Home and change nothing", async (_, fields) => {
    const response = await post(fields, null);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home");
    const cookie = cookiesAfter(null, response);
    const page = await home(cookie);
    expect(page.flash?.type).toBe("error");
    expect(await readPantry(await getCook(getRequest("/home", { cookie })))).toEqual([]);
  });

  it("refuse a post from another site", async () => {
    const request = formRequest(
      "/home",
      { intent: "toggle", name: "rice" },
      { headers: { Origin: "https://elsewhere.example" } }
    );
    expect((await served(request, () => homeAction(args(request)))).status).toBe(403);
  });
});

describe("START RANDOM", () => {
  it("without JavaScript redirects to a recipe of the cookbook", async () => {
    const response = await post({ intent: "random-menu" }, null);
    expect(response.status).toBe(302);
    const id = Number(/^\/menu-detail\/(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1]);
    expect(await prisma.recipe.count({ where: { id } })).toBe(1);
  });

  it("is not always the same recipe", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 12; i++) ids.add((await post({ intent: "random-menu" }, null)).headers.get("Location")!);
    expect(ids.size).toBeGreaterThan(1);
  });

  it("with an empty cookbook says the spec's failure message (and the JSON call a 404)", async () => {
    await prisma.$transaction([prisma.recipe.deleteMany()]);
    const response = await post({ intent: "random-menu" }, null);
    expect(response.headers.get("Location")).toBe("/home");
    expect((await home(cookiesAfter(null, response))).flash).toEqual({
      type: "error",
      message: "Failed to generate menu. Please try again.",
    });
    const json = await run(() => randomMenuLoader());
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ success: false });
  });
});
