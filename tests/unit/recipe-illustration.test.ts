import { describe, expect, it } from "vitest";

import {
  dishFormOf,
  MAX_PLATE_ICONS,
  mainIngredients,
  recipeIllustrationSvg,
} from "../../app/domain/recipe-illustration";

const line = (icon: string, grams: number | null, extra: { type?: string; isStaple?: boolean } = {}) => ({
  icon,
  grams,
  type: extra.type ?? "Vegetables",
  isStaple: extra.isStaple ?? false,
});
const iconsOf = (lines: Parameters<typeof mainIngredients>[0]) =>
  mainIngredients(lines).map((ingredient) => ingredient.icon);

describe("mainIngredients", () => {
  it("puts the heaviest ingredients on the dish, then unweighed ones in recipe order, each icon once", () => {
    const icons = iconsOf([
      line("onion", 100),
      line("pasta", null),
      line("tomato", 400),
      line("tomato", 200),
      line("garlic", null),
    ]);
    expect(icons).toEqual(["tomato", "onion", "pasta", "garlic"]);
  });

  it("leaves out seasonings and staples and shows at most four icons", () => {
    const icons = iconsOf([
      line("salt", 500, { type: "miscellaneous items" }),
      line("droplet", 500, { isStaple: true }),
      ...["a", "b", "c", "d", "e"].map((icon, index) => line(icon, 100 - index)),
    ]);
    expect(icons).toEqual(["a", "b", "c", "d"]);
    expect(icons).toHaveLength(MAX_PLATE_ICONS);
  });

  it("keeps each ingredient's kind, for the colours", () => {
    expect(mainIngredients([line("poultry-leg", 300, { type: "Meat sausages and fish" })])).toEqual([
      { icon: "poultry-leg", type: "Meat sausages and fish" },
    ]);
  });
});

describe("dishFormOf", () => {
  it("reads the dish's form from its name", () => {
    expect(dishFormOf("Creamy Tomato Soup")).toBe("bowl");
    expect(dishFormOf("Chicken Curry")).toBe("bowl");
    expect(dishFormOf("Greek Salad")).toBe("salad");
    expect(dishFormOf("Vegetable Stir Fry")).toBe("skillet");
    expect(dishFormOf("Spanish Omelette")).toBe("skillet");
    expect(dishFormOf("Ripe Banana Oat Pancakes")).toBe("bread");
    expect(dishFormOf("Margherita Pizza")).toBe("bread");
    expect(dishFormOf("Roast Chicken with Potatoes")).toBe("plate");
  });

  it("matches whole words only, accents aside", () => {
    expect(dishFormOf("Pancetta Pasta")).toBe("plate");
    expect(dishFormOf("Sautéed Greens")).toBe("skillet");
  });
});

describe("recipeIllustrationSvg", () => {
  it("draws the same picture for the same recipe and escapes its name", () => {
    const svg = recipeIllustrationSvg("Mac & <Cheese>", ["<svg/>"]);
    expect(svg).toBe(recipeIllustrationSvg("Mac & <Cheese>", ["<svg/>"]));
    expect(svg).toContain("<title>Mac &#38; &#60;Cheese&#62;</title>");
    expect(svg).not.toBe(recipeIllustrationSvg("Mac and Cheese", ["<svg/>"]));
  });

  it("tells a soup from a stir fry by the dish drawn, and a vegetable dish from a meat one by its colours", () => {
    const soup = recipeIllustrationSvg("Leek Soup", ["<svg/>"]);
    const stirFry = recipeIllustrationSvg("Leek Stir Fry", ["<svg/>"]);
    expect(soup).toContain("<ellipse"); // the soup's surface in its bowl
    expect(stirFry).toContain('fill="#3a3633"'); // the pan
    expect(soup).not.toContain('fill="#3a3633"');
    const background = (svg: string) => Number(/<rect width="320" height="240" fill="hsl\((\d+)/.exec(svg)?.[1]);
    const greens = background(recipeIllustrationSvg("Stew", ["<svg/>"], [{ icon: "leafy-green", type: "Vegetables" }]));
    const meat = background(
      recipeIllustrationSvg("Stew", ["<svg/>"], [{ icon: "cut-of-meat", type: "Meat sausages and fish" }])
    );
    expect(greens).toBeGreaterThan(90);
    expect(greens).toBeLessThan(140);
    expect(meat < 30 || meat > 340).toBe(true);
  });

  it("stays small: shapes and the icons, no images or fonts", () => {
    const svg = recipeIllustrationSvg("Greek Salad", ["<svg/>", "<svg/>", "<svg/>"]);
    expect(svg.length).toBeLessThan(2_500);
    expect(svg).not.toMatch(/<image|@font-face|<text/);
  });
});
