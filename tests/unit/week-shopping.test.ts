import { describe, expect, it } from "vitest";
import { weekNeeds, type ShoppingLine } from "~/domain/week-shopping";

const line = (name: string, quantity: string, extra: Partial<ShoppingLine> = {}): ShoppingLine => ({
  name,
  key: name.toLowerCase(),
  quantity,
  unitWeights: { piece: 50, cup: 30 },
  staple: false,
  ...extra,
});

const curry = {
  servings: 2,
  lines: [line("Chicken", "400 g"), line("Spinach", "1 cup"), line("Salt", "1 tsp", { staple: true })],
};
const salad = { servings: 2, lines: [line("Chicken", "0.3 kg"), line("Egg", "2")] };

describe("weekNeeds", () => {
  it("sums an ingredient over the week in one unit where the units convert", () => {
    expect(
      weekNeeds(
        [
          { recipe: curry, servings: 2 },
          { recipe: salad, servings: 2 },
        ],
        []
      )
    ).toEqual([
      { name: "Chicken", quantity: "700 g" },
      { name: "Spinach", quantity: "30 g" },
      { name: "Egg", quantity: "100 g" },
    ]);
  });

  it("leaves out what the pantry holds and what earlier meals use of it", () => {
    const pantry = [{ key: "chicken", quantity: 500, unit: "g" as const }];
    const needs = weekNeeds(
      [
        { recipe: curry, servings: 2 },
        { recipe: salad, servings: 2 },
      ],
      pantry
    );
    // 400 g on the first day leave 100 g of the 500: the salad's 300 g need 200 more
    expect(needs.find((need) => need.name === "Chicken")).toEqual({ name: "Chicken", quantity: "200 g" });
  });

  it("scales to the servings planned and skips staples", () => {
    const needs = weekNeeds([{ recipe: curry, servings: 4 }], []);
    expect(needs).toEqual([
      { name: "Chicken", quantity: "800 g" },
      { name: "Spinach", quantity: "60 g" },
    ]);
  });

  it("takes an item without an amount to cover the first line that needs it", () => {
    const pantry = [{ key: "chicken", quantity: null, unit: null }];
    const needs = weekNeeds(
      [
        { recipe: curry, servings: 2 },
        { recipe: salad, servings: 2 },
      ],
      pantry
    );
    expect(needs.find((need) => need.name === "Chicken")?.quantity).toBe("300 g");
  });

  it("keeps amounts that do not weigh in their own unit", () => {
    const bread = { servings: 1, lines: [line("Bread", "2 slices", { unitWeights: {} })] };
    expect(
      weekNeeds(
        [
          { recipe: bread, servings: 1 },
          { recipe: bread, servings: 2 },
        ],
        []
      )
    ).toEqual([{ name: "Bread", quantity: "6 slices" }]);
  });
});
