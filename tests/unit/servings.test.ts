import { describe, expect, it } from "vitest";

import { getCatalogue } from "../../app/domain/catalogue-data";
import {
  convertAmount,
  fitToPantry,
  formatFraction,
  formatServings,
  servingsText,
  readScaling,
  renderAmount,
  scaledAmount,
  scaleQuantity,
  SERVINGS_INVALID_MESSAGE,
  type FitLine,
} from "../../app/domain/servings";

const weightsOf = (name: string) => getCatalogue().byName(name)!.unitWeights;

describe("formatFraction", () => {
  it.each([
    [1.5, "1½"],
    [0.25, "¼"],
    [0.7, "⅔"],
    [2, "2"],
    [2.98, "3"],
    [0.01, "⅛"],
    [1.125, "1⅛"],
  ])("%s → %s", (value, text) => expect(formatFraction(value)).toBe(text));
});

describe("scaleQuantity", () => {
  it.each([
    ["600 g, cut into cubes", 2, "1.2 kg, cut into cubes"],
    ["1.5 kg", 0.5, "750 g"],
    ["250 ml", 4, "1 l"],
    ["1 l", 0.25, "250 ml"],
    ["200 g", 1.4, "280 g"],
    ["7 g", 0.5, "3.5 g"],
    ["1 cup", 2, "2 cups"],
    ["1 1/2 cups", 0.5, "¾ cup"],
    ["2 tablespoons", 0.25, "½ tablespoon"],
    ["1 tsp", 0.5, "½ tsp"],
    ["3 cloves", 1 / 3, "1 clove"],
    ["2 large", 1.5, "3 large"],
    ["1 (400 g) can", 2, "2 (400 g) cans"],
    ["1 cup (240 ml)", 2, "2 cups"],
    ["100g/3½oz", 2, "200 g"],
    ["2-3", 2, "4-6"],
    ["1 to 2 tbsp", 2, "2-4 tbsp"],
    ["a pinch", 2, "2 pinches"],
    ["1 e 1/2 xícara (chá)", 2, "3 xícara (chá)"],
    ["1 i 1/2 łyżeczki", 0.5, "¾ łyżeczki"],
    ["1⁄2 cup", 2, "1 cup"],
    ["1 cup plus 2 tablespoons", 2, "2¼ cups"],
    ["1 tablespoon plus 1 teaspoon", 0.5, "⅔ tablespoon"],
    ["1 cup plus 1 tablespoon / 235 g", 2, "2⅛ cups"],
    ["2 x 400 g / 14 oz can", 2, "4 x 400 g / 14 oz cans"],
    ["2 x 7g sachets", 0.5, "1 x 7g sachet"],
    // every vulgar fraction in a size, and a size in ounces with a fraction kept with its can
    ["1 x ⅝ lb pack", 2, "2 x ⅝ lb packs"],
    ["2 x 400 g / 14½ oz cans", 2, "4 x 400 g / 14½ oz cans"],
    ["2 (14½ oz) cans", 2, "4 (14½ oz) cans"],
    // the container after a size bracket takes the number of containers: not "1 (14½ oz) cans"
    ["2 (14½ oz) cans", 0.5, "1 (14½ oz) can"],
    ["1 (400 g) can chickpeas", 2, "2 (400 g) cans chickpeas"],
    // the size of each before the container, without "x": the container word follows the count
    ["1 28-ounce can", 2, "2 28-ounce cans"],
    ["One 15-ounce can", 3, "3 15-ounce cans"],
    ["2 14- ounce cans", 0.5, "1 14- ounce can"],
    ["a 400g tin", 2, "2 400g tins"],
    ["1 pint", 2, "2 pints"],
    ["1 heaping tablespoon", 2, "2 heaping tablespoons"],
    ["250g or 1/2lbs", 2, "500 g"],
    // after "or" another amount is an alternative, kept as written
    ["2 cloves or 1/2 tsp garlic powder", 2, "4 cloves or 1/2 tsp garlic powder"],
    ["1 tbsp or 1 tsp dried oregano", 2, "2 tbsp or 1 tsp dried oregano"],
    ["200 г", 6, "1.2 kg"],
    ["ca. 200 g", 2, "400 g"],
    ["500 ml 2 cups", 2, "1 l"],
    ["1 lb 2 oz", 2, "2¼ lb"],
    ["600g/1lb 5oz", 2, "1.2 kg"],
    ["meia xícara (chá)", 2, "1 xícara (chá)"],
    ["1 package (8 oz)", 2, "2 packages"],
  ])("%s ×%s → %s", (text, factor, expected) => {
    expect(scaleQuantity(text, factor).text).toBe(expected);
  });

  it("leaves quantities without an amount, and a factor of one, as they are", () => {
    expect(scaleQuantity("to taste", 3).text).toBe("to taste");
    expect(scaleQuantity("1 ½ cups, sifted", 1).text).toBe("1 ½ cups, sifted");
  });

  it("keeps counts whole and says what the sum gave", () => {
    expect(scaleQuantity("3", 0.9)).toEqual({ text: "3", rounded: true, exact: "2.7" });
    expect(scaleQuantity("2", 0.25)).toEqual({ text: "½", rounded: false, exact: null });
    expect(scaleQuantity("4", 0.5)).toEqual({ text: "2", rounded: false, exact: null });
  });
});

describe("renderAmount", () => {
  it("moves metric amounts between units and pluralises measures", () => {
    expect(renderAmount(1250, "g")).toBe("1.25 kg");
    expect(renderAmount(0.2, "l")).toBe("200 ml");
    expect(renderAmount(2, "cup")).toBe("2 cups");
    expect(renderAmount(2.6, null)).toBe("3");
  });
});

describe("scaledAmount and convertAmount", () => {
  it("scales both ends and converts through the ingredient's weights", () => {
    expect(scaledAmount("1-2 cups", 2)).toMatchObject({ amount: 2, maxAmount: 4, unit: "cup" });
    expect(scaledAmount("to taste", 2)).toBeNull();
    expect(convertAmount(1.5, "kg", "g", {})).toBe(1500);
    expect(convertAmount(3, null, "piece", {})).toBe(3);
    expect(convertAmount(2, "piece", "g", weightsOf("egg"))).toBeCloseTo(2 * weightsOf("egg").piece);
    expect(convertAmount(2, "piece", "g", {})).toBeNull();
  });
});

describe("fitToPantry", () => {
  const line = (name: string, quantity: string, held: FitLine["held"]): FitLine => ({
    name,
    quantity,
    unitWeights: weightsOf(name),
    held,
  });

  it("uses up the limiting ingredient and asks no more of the others than the cook has", () => {
    const fit = fitToPantry(
      [
        line("flour", "200 g", { quantity: 140, unit: "g" }),
        line("egg", "2", { quantity: 6, unit: null }),
        line("milk", "300 ml", null),
      ],
      4
    );
    expect(fit).toMatchObject({ limiting: "flour", belowOneServing: false });
    expect(fit!.factor).toBeCloseTo(0.7);
    expect(fit!.servings).toBeCloseTo(2.8);
    expect(formatServings(fit!.servings)).toBe("2¾");
  });

  it("compares kilos with grams and counts with pieces", () => {
    const fit = fitToPantry(
      [line("flour", "500 g", { quantity: 2, unit: "kg" }), line("egg", "2", { quantity: 3, unit: "piece" })],
      2
    );
    expect(fit).toMatchObject({ limiting: "egg", servings: 3 });
  });

  it("adds up the lines that draw on one pantry item, so together they ask no more than the cook has", () => {
    const onion = (name: string, quantity: string): FitLine => ({
      ...line("onion", quantity, { quantity: 600, unit: "g" }),
      name,
      pantryItem: "onion",
    });
    // 200 g for the sauce and 100 g for the topping: 300 g a batch of 2, so 600 g makes 4 servings, not 6
    const fit = fitToPantry(
      [onion("onion", "200 g"), onion("red onion", "100 g"), line("egg", "2", { quantity: 12, unit: null })],
      2
    );
    expect(fit).toMatchObject({ limiting: "onion", servings: 4, belowOneServing: false });
  });

  it("never goes below one serving without saying so", () => {
    const fit = fitToPantry([line("flour", "400 g", { quantity: 50, unit: "g" })], 4);
    expect(fit).toEqual({ factor: 0.25, servings: 1, limiting: "flour", belowOneServing: true });
  });

  it("has nothing to fit when no pantry amount can be compared", () => {
    expect(fitToPantry([line("flour", "to taste", { quantity: 50, unit: "g" }), line("egg", "2", null)], 2)).toBeNull();
  });
});

describe("readScaling", () => {
  const read = (query: string) => readScaling(new URLSearchParams(query));
  it("reads a number of servings or the pantry fit", () => {
    expect(read("servings=6")).toEqual({ servings: 6, fit: false, error: null });
    expect(read("fit=pantry")).toEqual({ servings: null, fit: true, error: null });
    expect(read("")).toEqual({ servings: null, fit: false, error: null });
  });
  it.each(["0", "-2", "101", "2.5", "abc", "1e2"])("refuses servings=%s with a message", (value) => {
    expect(read(`servings=${value}`)).toEqual({ servings: null, fit: false, error: SERVINGS_INVALID_MESSAGE });
  });
});

describe("servingsText", () => {
  it("says serving for one or less and servings above, with the fraction shown", () => {
    expect([1, 0.5, 2, 2.5, 10 / 3].map(servingsText)).toEqual([
      "1 serving",
      "½ serving",
      "2 servings",
      "2½ servings",
      "3¼ servings",
    ]);
  });

  it("says none as 0 servings (a meal of which none was eaten), not a quarter", () => {
    expect(servingsText(0)).toBe("0 servings");
  });
});
