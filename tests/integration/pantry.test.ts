import { beforeAll, describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import { MAX_PANTRY_ITEMS, PANTRY_FULL_MESSAGE, type PantryItem } from "~/domain/pantry";
import { addDays, todayUtc } from "~/domain/pantry-details";
import { prisma } from "~/services/db.server";
import { addToPantry, clearPantry, editPantryItem, readPantry, removePantryItem } from "~/services/pantry-store.server";
import { mostSearchedIngredients, recordIngredientSearch } from "~/services/ingredient-popularity.server";
import { createUserSession } from "~/services/sign-in.server";
import { seedIngredients } from "../../prisma/seed";
import { getRequest } from "../support/requests";
import { getCook } from "~/services/cook.server";

beforeAll(async () => {
  await seedIngredients();
});

/** A browser-like holder of the session cookie: every change's Set-Cookie is kept for the next request. */
function visitor(initialCookie: string | null = null) {
  let cookie = initialCookie;
  return {
    request: () => getRequest("/ingredient-preview", { cookie }),
    keep(headers: Headers) {
      const setCookie = headers.get("Set-Cookie");
      if (setCookie) cookie = setCookie.split(";")[0];
    },
    get cookie() {
      return cookie;
    },
  };
}

let userCounter = 0;
async function signedIn() {
  userCounter += 1;
  const user = await prisma.user.create({
    data: {
      username: `pantry_${userCounter}_${Date.now() % 100000}`,
      email: `pantry${userCounter}_${Date.now()}@example.com`,
    },
  });
  const browser = visitor();
  const cookie = await createUserSession(browser.request(), user.id);
  return { user, browser: visitor(cookie.split(";")[0]) };
}

async function add(browser: ReturnType<typeof visitor>, ...names: string[]) {
  const result = await addToPantry(
    await getCook(browser.request()),
    names.map((name) => ({ name }))
  );
  if (result.ok) browser.keep(result.headers);
  return result;
}

const names = async (browser: ReturnType<typeof visitor>) =>
  (await readPantry(await getCook(browser.request()))).map((item) => item.name);

describe("a guest's ingredient list", () => {
  it("lives in the session: added items come back on the next request", async () => {
    const guest = visitor();
    const result = await add(guest, "Tomatoes", "prawns");
    expect(result.ok && result.added.map((item) => item.type)).toEqual(["Vegetables", "Meat sausages and fish"]);
    expect(await names(guest)).toEqual(["Tomatoes", "prawns"]);
    expect(await readPantry(await getCook(getRequest("/search")))).toEqual([]);
  });

  it("is kept when the session row has gone meanwhile (expired or cleaned up) but the browser still sends its id", async () => {
    const guest = visitor();
    await add(guest, "Tomatoes");
    await prisma.session.deleteMany({});
    await add(guest, "prawns");
    expect(await names(guest)).toEqual(["prawns"]);
  });

  it("keeps one item per ingredient, whatever the wording", async () => {
    const guest = visitor();
    await add(guest, "tomato");
    const again = await add(guest, "TOMATOES", "cherry tomatoes", "tomatoe");
    expect(again.ok && again.added).toEqual([]);
    expect(again.ok && again.alreadyListed.map((item) => item.name)).toEqual(["tomato"]);
    expect(await names(guest)).toEqual(["tomato"]);
  });

  it("types unknown names 'Other' and corrects misspelt catalogue names", async () => {
    const guest = visitor();
    await add(guest, "  dragon   fruit jam ", "chiken breast");
    expect(await readPantry(await getCook(guest.request()))).toMatchObject([
      { name: "dragon fruit jam", type: "Other", source: "manual" },
      { name: "chicken breast", type: "Meat sausages and fish" },
    ]);
  });

  it("refuses a blank manual name and leaves the list as it was", async () => {
    const guest = visitor();
    await add(guest, "egg");
    const blank = await addToPantry(await getCook(guest.request()), [{ name: "   " }]);
    expect(blank).toMatchObject({ ok: false, message: "Please enter an ingredient name." });
    expect(await names(guest)).toEqual(["egg"]);
  });

  it("stops at the size limit with a clear message", async () => {
    const guest = visitor();
    await add(guest, ...Array.from({ length: MAX_PANTRY_ITEMS }, (_, i) => `home made thing ${i}`));
    const over = await add(guest, "egg");
    expect(over).toMatchObject({ ok: false, message: PANTRY_FULL_MESSAGE });
    expect(await readPantry(await getCook(guest.request()))).toHaveLength(MAX_PANTRY_ITEMS);
  });

  it("edits, deletes and clears", async () => {
    const guest = visitor();
    await add(guest, "tomato", "egg", "milk");
    const edited = await editPantryItem(await getCook(guest.request()), {
      key: "tomato",
      name: "pork",
      type: "Vegetables",
    });
    expect(edited.ok && edited.item).toMatchObject({ key: "pork", name: "pork", type: "Meat sausages and fish" });
    if (edited.ok) guest.keep(edited.headers);
    const retyped = await editPantryItem(await getCook(guest.request()), { key: "egg", name: "egg", type: "Other" });
    if (retyped.ok) guest.keep(retyped.headers);
    const removed = await removePantryItem(await getCook(guest.request()), "milk");
    if (removed.ok) guest.keep(removed.headers);
    expect(await readPantry(await getCook(guest.request()))).toMatchObject([
      { name: "pork", type: "Meat sausages and fish" },
      { name: "egg", type: "Other" },
    ]);
    const cleared = await clearPantry(await getCook(guest.request()));
    guest.keep(cleared.headers);
    expect(await readPantry(await getCook(guest.request()))).toEqual([]);
  });

  it("refuses renaming onto another listed ingredient, leaving both", async () => {
    const guest = visitor();
    await add(guest, "tomato", "egg");
    const clash = await editPantryItem(await getCook(guest.request()), { key: "egg", name: "Tomatoes", type: "Eggs" });
    expect(clash).toMatchObject({ ok: false, message: "tomato is already in your list.", field: "name" });
    const badType = await editPantryItem(await getCook(guest.request()), { key: "egg", name: "egg", type: "Sweets" });
    expect(badType).toMatchObject({ ok: false, field: "type" });
    const gone = await removePantryItem(await getCook(guest.request()), "celery");
    expect(gone).toMatchObject({ ok: false, message: "That ingredient is no longer in your list." });
    expect(await names(guest)).toEqual(["tomato", "egg"]);
  });
});

describe("camera items", () => {
  it("keep their source and photo through an edit, and report corrections", async () => {
    const guest = visitor();
    const added = await addToPantry(await getCook(guest.request()), [
      { name: "tomato", source: "camera", captureId: "cap-1" },
      { name: "lemon", source: "camera", captureId: "cap-1" },
      { name: "", source: "camera", captureId: "cap-1" },
    ]);
    expect(added.ok && added.added.length).toBe(2);
    if (added.ok) guest.keep(added.headers);
    const edited = await editPantryItem(await getCook(guest.request()), {
      key: "tomato",
      name: "red bell pepper",
      type: "Vegetables",
    });
    expect(edited.ok && edited.item).toMatchObject({ source: "camera", captureId: "cap-1" });
    expect(edited.ok && edited.correction).toEqual({
      captureId: "cap-1",
      previousName: "tomato",
      correctedName: "red bell pepper",
    });
    if (edited.ok) guest.keep(edited.headers);
    const removed = await removePantryItem(await getCook(guest.request()), "lemon");
    expect(removed.ok && removed.correction).toEqual({
      captureId: "cap-1",
      previousName: "lemon",
      correctedName: null,
    });
  });

  it("a manual item's edit is no correction", async () => {
    const guest = visitor();
    await add(guest, "lemon");
    const edited = await editPantryItem(await getCook(guest.request()), { key: "lemon", name: "lime", type: "Fruit" });
    expect(edited.ok && edited.correction).toBeNull();
  });
});

describe("a signed-in user's ingredient list", () => {
  it("lives in the database, one row per ingredient", async () => {
    const { user, browser } = await signedIn();
    await add(browser, "Tomatoes", "egg");
    await add(browser, "tomato");
    const rows = await prisma.pantryItem.findMany({
      where: { pantry: { household: { members: { some: { userId: user.id } } } } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((row) => [row.name, row.nameKey, row.type])).toEqual([
      ["Tomatoes", "tomato", "Vegetables"],
      ["egg", "egg", "Eggs"],
    ]);
    const edited = await editPantryItem(await getCook(browser.request()), {
      key: "egg",
      name: "duck egg",
      type: "Eggs",
    });
    expect(edited.ok).toBe(true);
    await removePantryItem(await getCook(browser.request()), "tomato");
    expect(await names(browser)).toEqual(["duck egg"]);
    await clearPantry(await getCook(browser.request()));
    expect(
      await prisma.pantryItem.count({ where: { pantry: { household: { members: { some: { userId: user.id } } } } } })
    ).toBe(0);
  });

  it("gets the guest's list merged in at sign-in, without duplicates, and the session forgets it", async () => {
    const { user, browser: other } = await signedIn();
    await add(other, "egg", "milk");
    const guest = visitor();
    await add(guest, "Eggs", "celery", "tomato");
    const cookie = await createUserSession(guest.request(), user.id);
    const signedInBrowser = visitor(cookie.split(";")[0]);
    expect(await names(signedInBrowser)).toEqual(["egg", "milk", "celery", "tomato"]);
    const session = await prisma.session.findFirstOrThrow({
      where: { userId: user.id },
      orderBy: { createdAt: "desc" },
    });
    expect(JSON.parse(session.data)).not.toHaveProperty("pantry");
  });
});

describe("an item's amount, place and dates", () => {
  const details = (items: PantryItem[]) =>
    items.map(({ name, quantity, unit, storage, addedOn, bestBefore }) => ({
      name,
      quantity,
      unit,
      storage,
      addedOn,
      bestBefore,
    }));

  it("are kept in a guest's session, estimated where not given, and edited there", async () => {
    const guest = visitor();
    const today = todayUtc();
    const added = await addToPantry(await getCook(guest.request()), [
      { name: "chicken breast", quantity: 400, unit: "g" },
      { name: "rice", storage: "cupboard", bestBefore: "2027-03-01" },
    ]);
    if (added.ok) guest.keep(added.headers);
    const chicken = getCatalogue().find("chicken breast")!;
    expect(details(await readPantry(await getCook(guest.request())))).toEqual([
      {
        name: "chicken breast",
        quantity: 400,
        unit: "g",
        storage: "fridge",
        addedOn: today,
        bestBefore: addDays(today, chicken.shelfLife.fridge),
      },
      { name: "rice", quantity: null, unit: null, storage: "cupboard", addedOn: today, bestBefore: "2027-03-01" },
    ]);
    const [before] = await readPantry(await getCook(guest.request()));
    const frozen = await editPantryItem(await getCook(guest.request()), {
      key: before.key,
      name: before.name,
      type: before.type,
      details: { quantity: 2, unit: "piece", storage: "freezer", bestBefore: before.bestBefore },
    });
    if (frozen.ok) guest.keep(frozen.headers);
    expect(details(await readPantry(await getCook(guest.request())))[0]).toMatchObject({
      quantity: 2,
      unit: "piece",
      storage: "freezer",
      bestBefore: addDays(today, chicken.shelfLife.freezer),
    });
  });

  it("survive the merge at sign-in", async () => {
    const { user } = await signedIn();
    const guest = visitor();
    const added = await addToPantry(await getCook(guest.request()), [
      { name: "milk", quantity: 1, unit: "l", storage: "freezer", bestBefore: "2027-01-15" },
    ]);
    if (added.ok) guest.keep(added.headers);
    const guestItems = details(await readPantry(await getCook(guest.request())));
    const cookie = await createUserSession(guest.request(), user.id);
    expect(details(await readPantry(await getCook(visitor(cookie.split(";")[0]).request())))).toEqual(guestItems);
    const [row] = await prisma.pantryItem.findMany({
      where: { pantry: { household: { members: { some: { userId: user.id } } } } },
    });
    expect(row).toMatchObject({
      quantity: 1,
      unit: "l",
      storage: "freezer",
      addedOn: todayUtc(),
      bestBefore: "2027-01-15",
    });
  });

  it("are refused whole when a change is not valid: nothing is written", async () => {
    const { user, browser } = await signedIn();
    await addToPantry(await getCook(browser.request()), [{ name: "egg" }]);
    const before = await prisma.pantryItem.findMany({
      where: { pantry: { household: { members: { some: { userId: user.id } } } } },
    });
    const refused = await editPantryItem(await getCook(browser.request()), {
      key: "egg",
      name: "duck egg",
      type: "Eggs",
      details: { unit: "piece" },
    });
    expect(refused).toEqual({ ok: false, message: "Please enter an amount for the unit.", field: "quantity" });
    expect(
      await prisma.pantryItem.findMany({ where: { pantry: { household: { members: { some: { userId: user.id } } } } } })
    ).toEqual(before);
  });
});

describe("popularity", () => {
  it("counts catalogue names added and searched, most popular first", async () => {
    const guest = visitor();
    await add(guest, "celeriac", "kohlrabi");
    await recordIngredientSearch("Kohlrabies");
    await recordIngredientSearch("nothing we know of");
    const ranked = (await mostSearchedIngredients(50)).map((entry) => entry.name);
    expect(ranked.indexOf("kohlrabi")).toBeLessThan(ranked.indexOf("celeriac"));
    expect(ranked).not.toContain("nothing we know of");
  });

  it("shows a search counted a moment ago at once, though the list was just read", async () => {
    const top = async () => (await mostSearchedIngredients(6))[0]?.name;
    const before = await top();
    const leader = (await prisma.ingredientPopularity.findFirstOrThrow({ orderBy: { count: "desc" } })).count;
    for (let i = 0; i <= leader; i++) await recordIngredientSearch("parsnip");
    expect(before).not.toBe("parsnip");
    expect(await top()).toBe("parsnip");
  });
});
