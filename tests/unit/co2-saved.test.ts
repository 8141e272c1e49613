import { describe, expect, it } from "vitest";
import { createCatalogue } from "../../app/domain/catalogue";
import { catalogueIngredient } from "../support/catalogue-ingredient";
import { getCatalogue } from "../../app/domain/catalogue-data";
import {
  co2PerKgAsWeighed,
  co2SavedKg,
  pantryIngredientsUsed,
  type CookedRecipeLine,
} from "../../app/domain/co2-saved";
import { co2SavedText } from "../../app/domain/co2-wording";

function ingredient(
  name: string,
  co2PerKg: number | null,
  unitWeights: Record<string, number>,
  aliases: string[] = []
) {
  return catalogueIngredient(name, unitWeights, { co2PerKg, aliases: [name, ...aliases] });
}

// Figures as in prisma/data/ingredients.json, fixed here so the worked examples stay worked examples.
const catalogue = createCatalogue([
  ingredient("cooked rice", 4, { cup: 158 }, ["leftover rice"]),
  ingredient("egg", 4.5, { piece: 50 }, ["eggs"]),
  ingredient("garlic", 0.3, { clove: 3 }),
  ingredient("olive oil", 6, { tbsp: 13.5 }),
  ingredient("salt", null, { tsp: 6 }),
  ingredient("tomato", 1.4, { piece: 123 }, ["tomatoes"]),
  ingredient("roast chicken", 7.52, { cup: 140 }, ["leftover chicken"]),
]);

const line = (name: string, quantity: string, catalogueName: string | null = name): CookedRecipeLine => ({
  name,
  quantity,
  catalogueName,
});

describe("co2PerKgAsWeighed", () => {
  it("scales the per-kg-raw figure of cooked rice by the dry matter of cooked over raw rice (USDA 20045/20044)", () => {
    expect(co2PerKgAsWeighed(catalogue.byName("cooked rice")!)).toBeCloseTo(4 * (31.56 / 88.38), 10);
    expect(co2PerKgAsWeighed(catalogue.byName("cooked rice")!)).toBeCloseTo(1.428, 3);
  });

  it("scales roast chicken up by the protein of roasted over raw meat (USDA 05013/05011)", () => {
    expect(co2PerKgAsWeighed(catalogue.byName("roast chicken")!)).toBeCloseTo(7.52 * (28.93 / 21.39), 10);
  });

  it("leaves raw-weighed ingredients alone and has no figure where the catalogue has none", () => {
    expect(co2PerKgAsWeighed(catalogue.byName("egg")!)).toBe(4.5);
    expect(co2PerKgAsWeighed(catalogue.byName("salt")!)).toBeNull();
  });
});

describe("co2SavedKg worked examples", () => {
  it("egg fried rice from leftover rice and eggs: 300 g cooked rice and 2 eggs, bought garlic not counted", () => {
    const lines = [
      line("cooked rice", "300 g"),
      line("egg", "2"),
      line("garlic", "2 cloves"),
      line("salt", "to taste"),
    ];
    // 0.300 kg × 4 × 31.56/88.38 = 0.4285 kg, 2 × 50 g = 0.100 kg × 4.5 = 0.45 kg
    expect(co2SavedKg(lines, ["leftover rice", "Eggs"], catalogue)).toBe(0.879);
    expect(pantryIngredientsUsed(lines, ["leftover rice", "Eggs"], catalogue)).toEqual([
      { ingredient: "cooked rice", grams: 300, co2Kg: expect.closeTo(0.42851, 5) },
      { ingredient: "egg", grams: 100, co2Kg: 0.45 },
    ]);
  });

  it("weighs household measures and ranges through the catalogue's unit weights", () => {
    // 1 1/2 cups cooked rice = 237 g × 1.4284 = 0.3385 kg; 2-3 tbsp oil = 2.5 × 13.5 g × 6 = 0.2025 kg
    const lines = [line("cooked rice", "1 1/2 cups"), line("olive oil", "2-3 tbsp")];
    expect(co2SavedKg(lines, ["cooked rice", "olive oil"], catalogue)).toBe(0.541);
  });

  it("counts nothing for amounts that cannot be weighed or ingredients without a CO2 figure", () => {
    const lines = [line("olive oil", "to taste"), line("salt", "1 tsp")];
    expect(co2SavedKg(lines, ["olive oil", "salt"], catalogue)).toBe(0);
  });

  it("counts nothing when the pantry is empty or holds none of the recipe's ingredients", () => {
    const lines = [line("egg", "3"), line("tomato", "2")];
    expect(co2SavedKg(lines, [], catalogue)).toBe(0);
    expect(co2SavedKg(lines, ["garlic", "something unknown"], catalogue)).toBe(0);
  });

  it("matches pantry names and unlinked recipe lines through the catalogue's synonyms, plurals and typos", () => {
    // "ripe tomatoes" (no catalogue link) is tomato: 2 × 123 g × 1.4 = 0.3444 kg
    const lines = [line("ripe tomatoes", "2", null)];
    expect(co2SavedKg(lines, ["Tomatoes"], catalogue)).toBe(0.344);
    expect(co2SavedKg(lines, ["tomatoe"], catalogue)).toBe(0.344);
  });

  it("leftover roast chicken: 1 cup = 140 g × 7.52 × 28.93/21.39 = 1.424 kg", () => {
    expect(co2SavedKg([line("roast chicken", "1 cup")], ["leftover chicken"], catalogue)).toBe(1.424);
  });
});

describe("co2SavedKg on the real catalogue", () => {
  it("has the cooked-weight factors only for catalogue entries that exist and carry a CO2 figure", () => {
    const real = getCatalogue();
    for (const name of ["cooked rice", "roast chicken"]) expect(real.byName(name)?.co2PerKg).toBeGreaterThan(0);
  });

  it("gives less CO2 per kg for cooked rice than for the raw rice it was made from", () => {
    const real = getCatalogue();
    expect(co2PerKgAsWeighed(real.byName("cooked rice")!)).toBeLessThan(co2PerKgAsWeighed(real.byName("rice")!)!);
  });
});

describe("co2SavedText", () => {
  it("words the figure as the spec does, to one decimal", () => {
    expect(co2SavedText(0)).toBe("Around 0.0 kg of CO2 saved!");
    expect(co2SavedText(1.26)).toBe("Around 1.3 kg of CO2 saved!");
    expect(co2SavedText(12)).toBe("Around 12.0 kg of CO2 saved!");
  });
});
