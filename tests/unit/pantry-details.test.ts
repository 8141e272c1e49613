import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import {
  applyDetailsChange,
  completeItem,
  pantryItemJson,
  spoilingSoon,
  validItems,
  type PantryItem,
} from "~/domain/pantry";
import { addDays, daysLeft, describeAmount, isRealDay, isValidAmount } from "~/domain/pantry-details";
import { EditIngredientSchema } from "~/domain/pantry-schemas";

const catalogue = getCatalogue();
const TODAY = "2026-11-25";

function stored(name: string, extra: Record<string, unknown> = {}) {
  const key = catalogue.find(name) ? name : name.toLowerCase();
  return validItems([{ key, name, type: catalogue.find(name)?.type ?? "Other", source: "manual", ...extra }])[0];
}
const item = (name: string, extra: Record<string, unknown> = {}): PantryItem =>
  completeItem(catalogue, stored(name, extra), TODAY);

describe("days", () => {
  it("accepts only real calendar days written YYYY-MM-DD, within 2000-2099", () => {
    expect(["2024-02-29", "2026-11-25", "2000-01-01", "2099-12-31"].every(isRealDay)).toBe(true);
    for (const text of [
      "2023-02-29",
      "2026-02-30",
      "2026-13-01",
      "2026-1-5",
      "1999-12-31",
      "2100-01-01",
      "tomorrow",
      20261125,
      null,
    ]) {
      expect(isRealDay(text), String(text)).toBe(false);
    }
  });

  it("counts days left across months and years, negative once past", () => {
    expect(daysLeft("2026-12-01", TODAY)).toBe(6);
    expect(daysLeft(TODAY, TODAY)).toBe(0);
    expect(daysLeft("2026-11-24", TODAY)).toBe(-1);
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
  });
});

describe("amounts", () => {
  it("are positive numbers below 10,000", () => {
    expect([0.5, 1, 9999.5].every(isValidAmount)).toBe(true);
    for (const value of [0, -1, 10_000, Number.NaN, Number.POSITIVE_INFINITY, "2"])
      expect(isValidAmount(value), String(value)).toBe(false);
  });
});

describe("the edit form's schema", () => {
  const errors = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ key: "egg", name: "egg", type: "Eggs", storage: "fridge", ...fields }))
      form.set(name, value);
    const submission = parseWithZod(form, { schema: EditIngredientSchema });
    return submission.status === "success" ? {} : submission.error;
  };

  it("reads an amount, a unit, a place and a day", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      key: "egg",
      name: "egg",
      type: "Eggs",
      quantity: "6",
      unit: "piece",
      storage: "fridge",
      bestBefore: "2026-12-10",
    })) {
      form.set(name, value);
    }
    const submission = parseWithZod(form, { schema: EditIngredientSchema });
    expect(submission.status === "success" && submission.value).toMatchObject({
      quantity: 6,
      unit: "piece",
      storage: "fridge",
      bestBefore: "2026-12-10",
    });
  });

  it("says what is wrong with each field", () => {
    expect(errors({ quantity: "lots" })).toEqual({ quantity: ["Please enter an amount above 0 and below 10,000."] });
    expect(errors({ quantity: "0" })).toEqual({ quantity: ["Please enter an amount above 0 and below 10,000."] });
    expect(errors({ quantity: "10000" })).toEqual({ quantity: ["Please enter an amount above 0 and below 10,000."] });
    expect(errors({ unit: "piece" })).toEqual({ quantity: ["Please enter an amount for the unit."] });
    expect(errors({ quantity: "2", unit: "bucket" })).toEqual({ unit: ["Please choose one of the listed units."] });
    expect(errors({ storage: "garage" })).toEqual({ storage: ["Please choose fridge, freezer or cupboard."] });
    expect(errors({ bestBefore: "2026-02-30" })).toEqual({
      bestBefore: ["Please enter a real date between 2000 and 2099 (YYYY-MM-DD)."],
    });
  });
});

describe("an item's details", () => {
  it("come from the catalogue when the cook gives none: its usual place and shelf life from the day it was added", () => {
    const chicken = catalogue.find("chicken breast")!;
    expect(item("chicken breast")).toMatchObject({
      storage: chicken.shelfLife.storage,
      addedOn: TODAY,
      bestBefore: addDays(TODAY, chicken.shelfLife[chicken.shelfLife.storage]),
    });
    expect(item("rice").storage).toBe("cupboard");
    expect(item("moon cheese")).toMatchObject({ storage: "fridge", bestBefore: addDays(TODAY, 5) });
  });

  it("keep what the cook gave, and forget what is not valid", () => {
    expect(
      item("milk", { quantity: 1, unit: "l", storage: "freezer", addedOn: "2026-11-01", bestBefore: "2026-12-24" })
    ).toMatchObject({
      quantity: 1,
      unit: "l",
      storage: "freezer",
      addedOn: "2026-11-01",
      bestBefore: "2026-12-24",
    });
    expect(
      stored("milk", { quantity: -1, unit: "l", storage: "shed", addedOn: "2026-02-30", bestBefore: "soon" })
    ).toMatchObject({
      quantity: null,
      unit: null,
      storage: null,
      addedOn: null,
      bestBefore: null,
    });
  });

  it("move their day with the place: into the freezer it keeps the freezer's time from today, unless a day is given", () => {
    const chicken = item("chicken breast", { addedOn: "2026-11-24", bestBefore: "2026-11-26" });
    const frozen = applyDetailsChange(
      catalogue,
      chicken,
      { storage: "freezer", bestBefore: chicken.bestBefore },
      TODAY
    );
    const freezerDays = catalogue.find("chicken breast")!.shelfLife.freezer;
    expect(frozen).toEqual({
      ok: true,
      item: { ...chicken, storage: "freezer", bestBefore: addDays(TODAY, freezerDays) },
    });
    const dated = applyDetailsChange(catalogue, chicken, { storage: "freezer", bestBefore: "2027-01-31" }, TODAY);
    expect(dated.ok && dated.item.bestBefore).toBe("2027-01-31");
    const cleared = applyDetailsChange(catalogue, chicken, { bestBefore: null }, TODAY);
    expect(cleared.ok && cleared.item.bestBefore).toBe(
      addDays("2026-11-24", catalogue.find("chicken breast")!.shelfLife.fridge)
    );
  });

  it("lose the unit with the amount, and refuse a unit without one", () => {
    const milk = item("milk", { quantity: 2, unit: "l" });
    const cleared = applyDetailsChange(catalogue, milk, { quantity: null }, TODAY);
    expect(cleared.ok && [cleared.item.quantity, cleared.item.unit]).toEqual([null, null]);
    expect(applyDetailsChange(catalogue, { ...milk, quantity: null, unit: null }, { unit: "ml" }, TODAY)).toEqual({
      ok: false,
      message: "Please enter an amount for the unit.",
      field: "quantity",
    });
  });

  it("are sent by the JSON calls with the days left", () => {
    const egg = { ...item("egg", { quantity: 6, unit: "piece", bestBefore: "2026-11-27" }), id: 7 };
    expect(pantryItemJson(egg, TODAY)).toEqual({
      id: 7,
      ingredient_name: "egg",
      ingredient_type: "Eggs",
      quantity: 6,
      unit: "piece",
      storage: "fridge",
      best_before: "2026-11-27",
      added_at: TODAY,
      days_left: 2,
      version: 0,
    });
  });
});

describe("use soon", () => {
  it("lists what spoils within 3 days, expired first, soonest first, and leaves the rest out", () => {
    const items = [
      item("carrot", { bestBefore: "2026-12-15" }),
      item("spinach", { bestBefore: "2026-11-26" }),
      item("milk", { bestBefore: "2026-11-23" }),
      item("chicken breast", { bestBefore: TODAY }),
      item("egg", { bestBefore: "2026-11-28" }),
      item("yogurt", { bestBefore: "2026-11-29" }),
    ];
    expect(spoilingSoon(items, TODAY).map(({ item: { name }, daysLeft: left }) => [name, left])).toEqual([
      ["milk", -2],
      ["chicken breast", 0],
      ["spinach", 1],
      ["egg", 3],
    ]);
  });
});

describe("an amount as a pantry row says it", () => {
  it("names the unit in the number it stands for: 2 cloves, 1 can, 3 pieces, 400 g", () => {
    expect(describeAmount(2, "clove")).toBe("2 cloves");
    expect(describeAmount(1, "can")).toBe("1 can");
    expect(describeAmount(0.5, "can")).toBe("0.5 can");
    expect(describeAmount(3, "piece")).toBe("3 pieces");
    expect(describeAmount(2, "bunch")).toBe("2 bunches");
    expect(describeAmount(400, "g")).toBe("400 g");
    expect(describeAmount(2, null)).toBe("2");
  });
});
