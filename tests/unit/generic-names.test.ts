import { describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import { covers } from "~/domain/pantry";
import { PantryInputsSchema, pantryFacts } from "~/domain/pantry-input";
import { usesReason } from "~/domain/shelf-life";
import { parseIsoDay } from "~/domain/shelf-life";

const catalogue = getCatalogue();

describe("covers: generic and specific names meet", () => {
  const has = (held: string, asked: string) => covers(catalogue, catalogue.byName(held)!, catalogue.byName(asked)!);

  it("counts a generic item for a specific recipe line, and a specific item for a generic line", () => {
    expect(has("pork", "pork shoulder")).toBe(true);
    expect(has("pork", "ground pork")).toBe(true);
    expect(has("chicken", "chicken thigh")).toBe(true);
    expect(has("cheese", "cheddar")).toBe(true);
    expect(has("cheddar", "cheese")).toBe(true);
    expect(has("chicken breast", "chicken")).toBe(true);
  });

  it("does not count siblings or unrelated foods", () => {
    expect(has("chicken breast", "chicken thigh")).toBe(false);
    expect(has("cheddar", "mozzarella")).toBe(false);
    expect(has("chicken", "chicken stock")).toBe(false);
    expect(has("pork", "ham")).toBe(false);
  });
});

describe("pantry items in the JSON calls", () => {
  it("takes names and objects mixed, with amount, unit, date and place", () => {
    const parsed = PantryInputsSchema.parse([
      "pork",
      { ingredient_name: "chicken breast", quantity: 2, unit: "piece", best_before: "2026-11-27", storage: "fridge" },
      { ingredient_name: "rice" },
    ]);
    expect(parsed).toEqual([
      { name: "pork" },
      { name: "chicken breast", quantity: 2, unit: "piece", bestBefore: parseIsoDay("2026-11-27"), storage: "fridge" },
      { name: "rice", quantity: null, unit: null, bestBefore: null, storage: null },
    ]);
  });

  it.each([
    [{ ingredient_name: "milk", quantity: -1 }, "0.quantity: must be more than 0"],
    [{ ingredient_name: "milk", quantity: 1e9 }, "0.quantity: must be at most 100,000"],
    [{ ingredient_name: "milk", quantity: "lots" }, "0.quantity: must be a number"],
    [{ ingredient_name: "milk", unit: "bucket" }, "0.unit: must be a unit such as g, kg, ml, cup, tbsp or piece"],
    [{ ingredient_name: "milk", best_before: "2026-02-30" }, "0.best_before: must be a real date as YYYY-MM-DD"],
    [{ ingredient_name: "milk", storage: "garage" }, "0.storage: must be one of: fridge, freezer, cupboard"],
    [{ ingredient_name: "milk", colour: "white" }, '0: Unrecognized key: "colour"'],
    [42, "0: must be an ingredient name or { ingredient_name, quantity, unit, best_before, storage }"],
  ])("refuses %j with a message naming the field", (item, message) => {
    const parsed = PantryInputsSchema.safeParse([item]);
    expect(parsed.success).toBe(false);
    const [issue] = parsed.error!.issues;
    expect(`${issue.path.join(".")}: ${issue.message}`).toBe(message);
  });

  it("weighs the amount through the catalogue and dates the item from its best-before day or its place", () => {
    const chicken = catalogue.byName("chicken breast")!;
    const today = parseIsoDay("2026-11-25")!;
    expect(pantryFacts({ name: "chicken breast", quantity: 2, unit: "piece" }, chicken, today)).toEqual({
      grams: 350,
      daysLeft: 2,
      storage: "fridge",
    });
    const frozen = pantryFacts({ name: "chicken breast", storage: "freezer" }, chicken, today);
    expect(frozen).toEqual({ grams: null, daysLeft: 270, storage: "freezer" });
    const dated = pantryFacts({ name: "chicken breast", bestBefore: parseIsoDay("2026-11-24") }, chicken, today);
    expect(dated.daysLeft).toBe(-1);
  });

  it("says why a suggestion is there", () => {
    expect(usesReason([{ name: "chicken breast", daysLeft: 2 }])).toBe("uses your chicken breast, 2 days left");
    expect(usesReason([{ name: "spinach", daysLeft: 0 }])).toBe("uses your spinach, use today");
    expect(usesReason([{ name: "milk", daysLeft: -1 }])).toBe("uses your milk, expired 1 day ago");
    expect(usesReason([])).toBeNull();
  });
});
