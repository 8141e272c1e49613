import { describe, expect, it } from "vitest";
import { createCatalogue } from "../../app/domain/catalogue";
import { catalogueIngredient } from "../support/catalogue-ingredient";
import {
  AMOUNT_MESSAGE,
  deduct,
  foodByMonth,
  mealCo2Kg,
  pantryItemsUsedBy,
  TOO_MUCH_MESSAGE,
} from "../../app/domain/food-log";
import { suggestedUse, suggestedUses } from "../../app/domain/suggested-uses";
import { ApiFoodLogSchema, PantryUpdateSchema } from "../../app/domain/food-log-schemas";

const EGG = { piece: 50 };
const keep = { keepEmpty: true };
const manual = { keepEmpty: false };

describe("deduct", () => {
  const rice = { name: "rice", quantity: 500, unit: "g" as const };

  it("takes the amount used and keeps the rest", () => {
    expect(deduct(rice, { amount: 200, unit: "g", all: false }, {}, keep)).toEqual({
      ok: true,
      remaining: 300,
      remove: false,
      taken: { amount: 200, unit: "g", grams: 200 },
    });
  });

  it("converts the amount to the item's unit: 0.2 kg of a 500 g bag leaves 300 g", () => {
    expect(deduct(rice, { amount: 0.2, unit: "kg", all: false }, {}, keep)).toMatchObject({ ok: true, remaining: 300 });
  });

  it("refuses more than is left, naming what is left, so the pantry never goes negative", () => {
    expect(deduct(rice, { amount: 600, unit: "g", all: false }, {}, keep)).toEqual({
      ok: false,
      message: 'You have only 500 g of rice left: enter at most that, or choose "Used it all".',
    });
  });

  it("refuses negative, not-a-number and too large amounts", () => {
    for (const amount of [-1, Number.NaN, Number.POSITIVE_INFINITY, 10_000]) {
      expect(deduct(rice, { amount, unit: "g", all: false }, {}, keep)).toEqual({ ok: false, message: AMOUNT_MESSAGE });
    }
  });

  it("refuses over 100 kg at once, even as 'Used it all'", () => {
    const saffron = { name: "saffron", quantity: null, unit: null };
    expect(deduct(saffron, { amount: 200, unit: "kg", all: true }, {}, manual)).toEqual({
      ok: false,
      message: TOO_MUCH_MESSAGE,
    });
  });

  it("'Used it all' removes the item and logs what it held", () => {
    expect(deduct(rice, { amount: null, unit: null, all: true }, {}, keep)).toEqual({
      ok: true,
      remaining: null,
      remove: true,
      taken: { amount: 500, unit: "g", grams: 500 },
    });
  });

  it("'Keep the rest' keeps an item with nothing left (amount unknown); a manual use of all of it removes it", () => {
    expect(deduct(rice, { amount: 500, unit: "g", all: false }, {}, keep)).toMatchObject({
      remaining: null,
      remove: false,
    });
    expect(deduct(rice, { amount: 500, unit: "g", all: false }, {}, manual)).toMatchObject({
      remaining: null,
      remove: true,
    });
  });

  it("counts convert through the ingredient's piece weight; a unit that does not convert is refused", () => {
    const eggs = { name: "eggs", quantity: 6, unit: null };
    expect(deduct(eggs, { amount: 100, unit: "g", all: false }, EGG, keep)).toMatchObject({ ok: true, remaining: 4 });
    expect(deduct(eggs, { amount: 1, unit: "cup", all: false }, {}, keep)).toEqual({
      ok: false,
      message: "Please give the amount of eggs in pieces, the unit your pantry keeps it in.",
    });
  });

  it("leaves an item without an amount as it is, logging the amount given", () => {
    const basil = { name: "basil", quantity: null, unit: null };
    expect(deduct(basil, { amount: 20, unit: "g", all: false }, {}, keep)).toEqual({
      ok: true,
      remaining: null,
      remove: false,
      taken: { amount: 20, unit: "g", grams: 20 },
    });
  });
});

describe("suggestedUse", () => {
  it("prefills the recipe's amount in the pantry item's unit", () => {
    expect(suggestedUse("300 g", { name: "rice", quantity: 1, unit: "kg" }, {})).toEqual({
      amount: 0.3,
      unit: "kg",
      all: false,
    });
  });

  it("marks 'Used it all' when the recipe takes at least what is left, prefilling what is left", () => {
    expect(suggestedUse("3", { name: "eggs", quantity: 2, unit: null }, EGG)).toEqual({
      amount: 2,
      unit: null,
      all: true,
    });
  });

  it("scales by the servings cooked", () => {
    expect(suggestedUse("200 g", { name: "rice", quantity: 1000, unit: "g" }, {}, 1.5)).toEqual({
      amount: 300,
      unit: "g",
      all: false,
    });
  });

  it("rounds counts to a quarter and keeps the recipe's unit for an item without an amount", () => {
    expect(suggestedUse("2 cloves", { name: "garlic", quantity: null, unit: null }, {}, 0.5)).toEqual({
      amount: 1,
      unit: "clove",
      all: false,
    });
    expect(suggestedUse("1 1/3", { name: "eggs", quantity: 6, unit: null }, EGG)).toEqual({
      amount: 1.25,
      unit: null,
      all: false,
    });
  });

  it("suggests nothing for a line without an amount", () => {
    expect(suggestedUse("to taste", { name: "salt", quantity: 100, unit: "g" }, {})).toBeNull();
  });
});

describe("suggestedUses: several lines of one pantry item", () => {
  const ONION = { piece: 150 };
  const onions = { name: "onion", quantity: 1, unit: "kg" as const };
  const lines = (...quantities: string[]) =>
    quantities.map((quantity, index) => ({ name: index ? "red onion" : "onion", quantity }));

  it("sums the lines in the item's unit, converting between them (one onion and 100 g of onion)", () => {
    expect(suggestedUses(lines("1", "100 g"), onions, ONION)).toEqual({
      use: { amount: 0.25, unit: "kg", all: false },
      notAdded: [],
    });
  });

  it("scales the sum and marks 'Used it all' when together they take what is left", () => {
    expect(suggestedUses(lines("300 g", "0.2 kg"), onions, ONION, 2)).toEqual({
      use: { amount: 1, unit: "kg", all: true },
      notAdded: [],
    });
  });

  it("leaves out a line whose unit does not convert (onions without a known weight), naming it scaled", () => {
    expect(suggestedUses(lines("200 g", "1", "to taste"), onions, {}, 2)).toEqual({
      use: { amount: 0.4, unit: "kg", all: false },
      notAdded: ["red onion (2)"],
    });
  });

  it("sums counts for an item without an amount in the first line's unit; nothing converts: no amount, the line named", () => {
    expect(suggestedUses(lines("2", "1 piece"), { name: "onion", quantity: null, unit: null }, {})).toEqual({
      use: { amount: 3, unit: null, all: false },
      notAdded: [],
    });
    expect(suggestedUses(lines("2"), onions, {})).toEqual({ use: null, notAdded: ["onion (2)"] });
  });
});

describe("pantryItemsUsedBy", () => {
  const catalogue = createCatalogue([
    catalogueIngredient("pork", {}),
    catalogueIngredient("pork shoulder", {}, { parent: "pork" }),
    catalogueIngredient("egg", EGG, { aliases: ["egg", "eggs"] }),
    catalogueIngredient("onion", {}),
  ]);
  it("pairs each pantry item with every recipe line that uses it, through the catalogue", () => {
    const lines = [
      { name: "Pork shoulder", quantity: "500 g" },
      { name: "Eggs", quantity: "2" },
      { name: "egg", quantity: "1" },
    ];
    const items = [
      { key: "pork", name: "pork" },
      { key: "egg", name: "egg" },
      { key: "onion", name: "onion" },
    ];
    expect(
      pantryItemsUsedBy(lines, items, catalogue).map(({ item, lines }) => [
        item.name,
        lines.map((line) => line.quantity),
      ])
    ).toEqual([
      ["pork", ["500 g"]],
      ["egg", ["2", "1"]],
    ]);
  });
});

describe("foodByMonth", () => {
  it("sums kg rescued and wasted per month, skipping what could not be weighed and other months", () => {
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const figures = foodByMonth(
      [
        { kind: "used", grams: 300, createdAt: at("2026-11-02") },
        { kind: "used", grams: 950, createdAt: at("2026-11-20") },
        { kind: "wasted", grams: 125, createdAt: at("2026-11-21") },
        { kind: "wasted", grams: null, createdAt: at("2026-11-21") },
        { kind: "used", grams: 500, createdAt: at("2026-10-31") },
        { kind: "used", grams: 900, createdAt: at("2026-09-30") },
      ],
      ["2026-10", "2026-11"]
    );
    expect(figures).toEqual([
      { month: "2026-10", rescued_kg: 0.5, wasted_kg: 0 },
      { month: "2026-11", rescued_kg: 1.25, wasted_kg: 0.125 },
    ]);
  });
});

describe("mealCo2Kg", () => {
  it("takes the confirmed figure once the cook updated their pantry, the estimate until then", () => {
    expect(mealCo2Kg({ co2SavedKg: 0.9, co2ConfirmedKg: null })).toBe(0.9);
    expect(mealCo2Kg({ co2SavedKg: 0.9, co2ConfirmedKg: 0.3 })).toBe(0.3);
    expect(mealCo2Kg({ co2SavedKg: 0.9, co2ConfirmedKg: 0 })).toBe(0);
  });
});

describe("the forms' and JSON calls' schemas", () => {
  it("read conform's list rows and refuse bad amounts with the message", () => {
    const parsed = PantryUpdateSchema.safeParse({ use: [{ key: "rice", amount: "-5", unit: "g", rest: "keep" }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(AMOUNT_MESSAGE);
    expect(PantryUpdateSchema.parse({ use: [{ key: "rice", amount: "", unit: "", rest: "all" }] })).toEqual({
      use: [{ key: "rice", amount: null, unit: null, rest: "all" }],
    });
  });

  it("take a pantry item id, a kind and an optional amount", () => {
    expect(ApiFoodLogSchema.parse({ pantry_item_id: 3, kind: "wasted", amount: 120, unit: "g" })).toEqual({
      pantry_item_id: 3,
      kind: "wasted",
      amount: 120,
      unit: "g",
    });
    expect(ApiFoodLogSchema.safeParse({ pantry_item_id: 3, kind: "eaten" }).success).toBe(false);
    expect(ApiFoodLogSchema.safeParse({ pantry_item_id: 3, kind: "used", amount: "lots" }).success).toBe(false);
  });
});
