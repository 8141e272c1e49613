import { describe, expect, it } from "vitest";

import { getCatalogue } from "../../app/domain/catalogue-data";
import {
  abbreviateUnits,
  leadingAmount,
  parseQuantity,
  splitLeadingQuantity,
  toGrams,
} from "../../app/domain/quantity";

const weightsOf = (name: string) => getCatalogue().byName(name)!.unitWeights;
const gramsOf = (quantity: string, ingredient: string) => toGrams(parseQuantity(quantity), weightsOf(ingredient));

describe("parseQuantity", () => {
  it.each([
    ["200 g", { amount: 200, unit: "g" }],
    ["200g", { amount: 200, unit: "g" }],
    ["1 1/2 cups", { amount: 1.5, unit: "cup" }],
    ["½ tsp", { amount: 0.5, unit: "tsp" }],
    ["1½ tablespoons", { amount: 1.5, unit: "tbsp" }],
    ["3 cloves", { amount: 3, unit: "clove" }],
    ["2", { amount: 2, unit: null }],
    ["a pinch", { amount: 1, unit: "pinch" }],
    ["4 fl oz", { amount: 4, unit: "fl oz" }],
    ["2 large", { amount: 2, unit: "piece" }],
    ["2 T", { amount: 2, unit: "tbsp" }],
    ["1 TB", { amount: 1, unit: "tbsp" }],
    ["1½t", { amount: 1.5, unit: "tsp" }],
    ["250 millilitres", { amount: 250, unit: "ml" }],
    ["100g/3½oz", { amount: 100, unit: "g" }],
    ["1 i 1/2 łyżeczki", { amount: 1.5, unit: "tsp" }],
    ["0 e 1/2 colher (sopa)", { amount: 0.5, unit: "tbsp" }],
    ["1/2 colher (chá)", { amount: 0.5, unit: "tsp" }],
    ["2 colheres de sopa", { amount: 2, unit: "tbsp" }],
    ["1 c. à c.", { amount: 1, unit: "tsp" }],
    ["2 c. à soupe", { amount: 2, unit: "tbsp" }],
    ["1 e 1/2 xícara (chá)", { amount: 1.5, unit: "cup" }],
    ["1 /2 cup", { amount: 0.5, unit: "cup" }],
    ["¼ C", { amount: 0.25, unit: "cup" }],
    ["2 c.", { amount: 2, unit: "cup" }],
    ["1 1 /2 cups", { amount: 1.5, unit: "cup" }],
    ["2 c.s.", { amount: 2, unit: "tbsp" }],
    ["90 gms", { amount: 90, unit: "g" }],
    ["100 gm", { amount: 100, unit: "g" }],
    ["90 grs", { amount: 90, unit: "g" }],
    ["1 c.c", { amount: 1, unit: "tsp" }],
  ])("%s", (text, expected) => {
    expect(parseQuantity(text)).toMatchObject(expected);
  });

  it("reads ranges", () => {
    expect(parseQuantity("2-3")).toMatchObject({ amount: 2, maxAmount: 3, unit: null });
    expect(parseQuantity("1 to 2 tbsp")).toMatchObject({ amount: 1, maxAmount: 2, unit: "tbsp" });
  });

  it("takes the package weight from '1 (400 g) can'", () => {
    expect(parseQuantity("1 (400 g) can")).toMatchObject({ amount: 1, unit: "can", gramsPerUnit: 400 });
    expect(parseQuantity("2 cans (400g)")).toMatchObject({ amount: 2, unit: "can", gramsPerUnit: 400 });
  });

  it("reads the fraction slash, a second amount added with 'plus', and a count of a stated size", () => {
    expect(parseQuantity("1 1⁄2 cups")).toMatchObject({ amount: 1.5, unit: "cup" });
    expect(parseQuantity("¼ cup plus 2 tablespoons").amount).toBeCloseTo(0.375, 3);
    expect(parseQuantity("1 tablespoon plus 1 teaspoon")).toMatchObject({ unit: "tbsp" });
    expect(parseQuantity("1 tablespoon plus 1 teaspoon").amount).toBeCloseTo(4 / 3, 2);
    expect(parseQuantity("200 g plus 1 cup")).toMatchObject({ amount: 200, unit: "g" });
    expect(parseQuantity("2 x 400 g cans")).toMatchObject({ amount: 2, unit: "can", gramsPerUnit: 400 });
    expect(parseQuantity("2 x 400 g / 14 oz can")).toMatchObject({ amount: 2, unit: "can", gramsPerUnit: 400 });
    expect(parseQuantity("4 x 4.2oz")).toMatchObject({ amount: 4, unit: "piece" });
    expect(gramsOf("2 x 400 g cans", "chickpea")).toBe(800);
    expect(gramsOf("1 cup plus 2 tablespoons", "flour")).toBeCloseTo(140.6, 0);
  });

  it("adds amounts joined by '+' and reads the size of each written before the container, hyphen or not", () => {
    expect(parseQuantity("1/4 + 1/8 teaspoon").amount).toBeCloseTo(0.375, 3);
    expect(parseQuantity("1/4 + 1/8 teaspoon")).toMatchObject({ unit: "tsp" });
    expect(parseQuantity("1 cup + 2 tbsp").amount).toBeCloseTo(1.125, 3);
    expect(parseQuantity("1 28-ounce can")).toMatchObject({ amount: 1, unit: "can" });
    expect(parseQuantity("1 28-ounce can").gramsPerUnit).toBeCloseTo(793.8, 1);
    expect(parseQuantity("2 400 g tins")).toMatchObject({ amount: 2, unit: "can", gramsPerUnit: 400 });
    expect(parseQuantity("1 (14-ounce) can")).toMatchObject({ amount: 1, unit: "can" });
    expect(parseQuantity("1 (14-ounce) can").gramsPerUnit).toBeCloseTo(396.9, 1);
    expect(parseQuantity("400-gram tin")).toMatchObject({ amount: 400, unit: "g" });
    expect(leadingAmount("400-gram tin")).toEqual({ amount: 400, rest: "gram tin" });
    expect(gramsOf("3 4-ounce", "salmon")).toBeCloseTo(340.2, 1);
    expect(gramsOf("2 14-ounce cans", "chickpea")).toBeCloseTo(793.8, 1);
  });

  it("weighs the amount, not the amount times its bracket, when the bracket says it again in another unit", () => {
    expect(gramsOf("200 g (7 oz)", "flour")).toBe(200);
    expect(gramsOf("12 ounces (340g)", "flour")).toBeCloseTo(340.2, 1);
    expect(gramsOf("1 pound (450 g)", "flour")).toBeCloseTo(453.6, 1);
    expect(gramsOf("2 cans (400g)", "chickpea")).toBe(800);
  });

  it("reads the spoons, cups and weights other European languages write", () => {
    expect(parseQuantity("2 cucchiai")).toMatchObject({ amount: 2, unit: "tbsp" });
    expect(parseQuantity("1 cucchiaino")).toMatchObject({ amount: 1, unit: "tsp" });
    expect(parseQuantity("2 ek")).toMatchObject({ amount: 2, unit: "tbsp" });
    expect(parseQuantity("1 kk")).toMatchObject({ amount: 1, unit: "tsp" });
    expect(parseQuantity("3 evőkanál")).toMatchObject({ amount: 3, unit: "tbsp" });
    expect(parseQuantity("25 dkg")).toMatchObject({ amount: 25, unit: "dag" });
    expect(parseQuantity("2 lyžice")).toMatchObject({ amount: 2, unit: "tbsp" });
    expect(parseQuantity("1,5 PL")).toMatchObject({ amount: 1.5, unit: "tbsp" });
    // "čl" is a Czech and Slovak teaspoon, not the centilitre its letters make without the caron
    expect(parseQuantity("1 ČL")).toMatchObject({ amount: 1, unit: "tsp" });
    expect(parseQuantity("1 cl")).toMatchObject({ amount: 1, unit: "cl" });
    expect(parseQuantity("200 г")).toMatchObject({ amount: 200, unit: "g" });
    expect(parseQuantity("2 ст. л.")).toMatchObject({ amount: 2, unit: "tbsp" });
    expect(parseQuantity("1 ч.л.")).toMatchObject({ amount: 1, unit: "tsp" });
    expect(parseQuantity("2 κ.σ.")).toMatchObject({ amount: 2, unit: "tbsp" });
    expect(parseQuantity("1 çay kaşığı")).toMatchObject({ amount: 1, unit: "tsp" });
    expect(parseQuantity("125 克")).toMatchObject({ amount: 125, unit: "g" });
    expect(parseQuantity("1 Pck.")).toMatchObject({ amount: 1, unit: "packet" });
    expect(parseQuantity("500 gramas")).toMatchObject({ amount: 500, unit: "g" });
    expect(gramsOf("25 dkg", "flour")).toBe(250);
  });

  it("weighs pints, quarts and gallons as US measures", () => {
    expect(parseQuantity("1 pint")).toMatchObject({ amount: 1, unit: "pint" });
    expect(parseQuantity("2 qt")).toMatchObject({ amount: 2, unit: "quart" });
    expect(parseQuantity("1/2 gallon")).toMatchObject({ amount: 0.5, unit: "gallon" });
    expect(gramsOf("1 pint", "water")).toBeCloseTo(2 * gramsOf("1 cup", "water")!, 0);
    expect(gramsOf("1 quart", "flour")).toBeCloseTo(4 * gramsOf("1 cup", "flour")!, 0);
  });

  it("reads an amount however exact it is said to be, before it or before its unit", () => {
    expect(parseQuantity("ca. 200 g")).toMatchObject({ amount: 200, unit: "g" });
    expect(parseQuantity("environ 120 g")).toMatchObject({ amount: 120, unit: "g" });
    expect(parseQuantity("~1/2 cup")).toMatchObject({ amount: 0.5, unit: "cup" });
    expect(parseQuantity("about ⅝ cup")).toMatchObject({ amount: 0.625, unit: "cup" });
    expect(parseQuantity("Up to 1/3 cup")).toMatchObject({ unit: "cup" });
    expect(parseQuantity("1 heaping tablespoon")).toMatchObject({ amount: 1, unit: "tbsp" });
    expect(parseQuantity("1 gestrichener TL")).toMatchObject({ amount: 1, unit: "tsp" });
    expect(parseQuantity("1 afgestreken theelepel")).toMatchObject({ amount: 1, unit: "tsp" });
  });

  it("reads the same amount again after 'or' only in another weight or volume", () => {
    expect(parseQuantity("250g or 1/2lbs")).toMatchObject({ amount: 250, unit: "g" });
    expect(gramsOf("200 g or 7 oz", "flour")).toBe(200);
    expect(splitLeadingQuantity("250g or 1/2 lb minced beef")).toEqual({
      quantity: "250g or 1/2 lb",
      rest: "minced beef",
    });
    expect(splitLeadingQuantity("1 cup or 240 ml milk")).toEqual({ quantity: "1 cup or 240 ml", rest: "milk" });
    expect(splitLeadingQuantity("600g or 1lb 5oz potatoes").quantity).toBe("600g or 1lb 5oz");
  });

  it("reads a unit in Han characters with or without a space before the name", () => {
    expect(splitLeadingQuantity("150克 鸡胸肉")).toEqual({ quantity: "150克", rest: "鸡胸肉" });
    expect(splitLeadingQuantity("150克鸡胸肉")).toEqual({ quantity: "150克", rest: "鸡胸肉" });
    expect(splitLeadingQuantity("125 克 细砂糖")).toEqual({ quantity: "125 克", rest: "细砂糖" });
    // the longer unit word first: "公斤" is a kilogram, not "公" before a name
    expect(splitLeadingQuantity("1公斤牛肉")).toEqual({ quantity: "1公斤", rest: "牛肉" });
    expect(parseQuantity(splitLeadingQuantity("200毫升水").quantity)).toMatchObject({ amount: 200, unit: "ml" });
  });

  it("leaves an amount after 'or' that is not the same amount out of the quantity", () => {
    // another ingredient, counted then measured
    expect(splitLeadingQuantity("2 cloves or 1/2 tsp garlic powder")).toEqual({
      quantity: "2 cloves",
      rest: "or 1/2 tsp garlic powder",
    });
    // two volumes a third of each other: another amount (of dried herb), not the same one again
    expect(splitLeadingQuantity("1 tbsp or 1 tsp dried oregano")).toEqual({
      quantity: "1 tbsp",
      rest: "or 1 tsp dried oregano",
    });
    // a weight and a volume
    expect(splitLeadingQuantity("200 g or 1 cup flour").quantity).toBe("200 g");
    // two counts
    expect(splitLeadingQuantity("3 medium or 2 large leeks")).toEqual({
      quantity: "3 medium",
      rest: "or 2 large leeks",
    });
  });

  it("reads 'half' before a unit as an amount, and a package, bag or box of a stated size", () => {
    expect(parseQuantity("meia xícara (chá)")).toMatchObject({ amount: 0.5, unit: "cup" });
    expect(parseQuantity("media taza")).toMatchObject({ amount: 0.5, unit: "cup" });
    expect(parseQuantity("pół szklanki")).toMatchObject({ amount: 0.5, unit: "cup" });
    expect(parseQuantity("1 package (8 oz)")).toMatchObject({ amount: 1, unit: "packet" });
    expect(parseQuantity("2 8 oz packages").gramsPerUnit).toBeCloseTo(226.8, 1);
    expect(gramsOf("1 (15 ounce) box", "sugar")).toBeCloseTo(425.25, 2);
  });

  it("adds a smaller unit of the same system written after the first without 'plus'", () => {
    expect(parseQuantity("1 lb 2 oz")).toMatchObject({ amount: 1.125, unit: "lb" });
    expect(parseQuantity("1 kg 200 g")).toMatchObject({ amount: 1.2, unit: "kg" });
    expect(parseQuantity("1 oz 2 lb")).toMatchObject({ amount: 1, unit: "oz" });
    expect(parseQuantity("500 ml 2 cups")).toMatchObject({ amount: 500, unit: "ml" });
  });

  it("treats 'to taste' as no amount, too small to weigh", () => {
    expect(parseQuantity("to taste")).toEqual({ amount: null, unit: null, negligible: true });
    expect(parseQuantity("as needed").negligible).toBe(true);
  });
});

describe("toGrams", () => {
  it("converts metric weights directly", () => {
    expect(gramsOf("200 g", "rice")).toBe(200);
    expect(gramsOf("1.5 kg", "potato")).toBe(1500);
  });

  it("uses the ingredient's own cup and spoon weights", () => {
    expect(gramsOf("1 cup", "flour")).toBe(125);
    expect(gramsOf("2 tbsp", "olive oil")).toBeCloseTo(27, 0);
  });

  it("counts a bare number as pieces", () => {
    expect(gramsOf("2", "egg")).toBe(100);
    expect(gramsOf("3 cloves", "garlic")).toBe(9);
  });

  it("weighs a range at its midpoint and a can by its stated size", () => {
    expect(gramsOf("2-4", "egg")).toBe(150);
    expect(gramsOf("1 (400 g) can", "chickpea")).toBe(400);
  });

  it("converts millilitres through the ingredient's density", () => {
    expect(gramsOf("100 ml", "milk")).toBeCloseTo(103, 0);
    expect(gramsOf("100 ml", "water")).toBeCloseTo(100, 0);
  });

  it("cannot weigh what has no amount or no known unit weight", () => {
    expect(gramsOf("to taste", "salt")).toBeNull();
    expect(gramsOf("1 bunch", "pork")).toBeNull();
  });
});

describe("abbreviateUnits", () => {
  it("shortens units on display as the spec says", () => {
    expect(abbreviateUnits("2 tablespoons")).toBe("2 tbsp");
    expect(abbreviateUnits("1 Teaspoon")).toBe("1 tsp");
    expect(abbreviateUnits("200 grams")).toBe("200 g");
    expect(abbreviateUnits("1 gram")).toBe("1 g");
    expect(abbreviateUnits("250 milliliters")).toBe("250 ml");
    expect(abbreviateUnits("250 millilitres")).toBe("250 ml");
  });

  it("leaves other words alone", () => {
    expect(abbreviateUnits("1 kilogram")).toBe("1 kilogram");
    expect(abbreviateUnits("3 cloves")).toBe("3 cloves");
  });
});
