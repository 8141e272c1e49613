import { describe, expect, it } from "vitest";

import { MAX_PLATE_ICONS, mainIngredientIcons, recipeIllustrationSvg } from "../../app/domain/recipe-illustration";

const line = (icon: string, grams: number | null, extra: { type?: string; isStaple?: boolean } = {}) => ({
  icon,
  grams,
  type: extra.type ?? "Vegetables",
  isStaple: extra.isStaple ?? false,
});

describe("mainIngredientIcons", () => {
  it("puts the heaviest ingredients on the plate, then unweighed ones in recipe order, each icon once", () => {
    const icons = mainIngredientIcons([
      line("onion", 100),
      line("pasta", null),
      line("tomato", 400),
      line("tomato", 200),
      line("garlic", null),
    ]);
    expect(icons).toEqual(["tomato", "onion", "pasta", "garlic"]);
  });

  it("leaves out seasonings and staples and shows at most four icons", () => {
    const icons = mainIngredientIcons([
      line("salt", 500, { type: "miscellaneous items" }),
      line("droplet", 500, { isStaple: true }),
      ...["a", "b", "c", "d", "e"].map((icon, index) => line(icon, 100 - index)),
    ]);
    expect(icons).toEqual(["a", "b", "c", "d"]);
    expect(icons).toHaveLength(MAX_PLATE_ICONS);
  });
});

describe("recipeIllustrationSvg", () => {
  it("draws the same picture for the same recipe and escapes its name", () => {
    const svg = recipeIllustrationSvg("Mac & <Cheese>", ["<svg/>"]);
    expect(svg).toBe(recipeIllustrationSvg("Mac & <Cheese>", ["<svg/>"]));
    expect(svg).toContain("<title>Mac &#38; &#60;Cheese&#62;</title>");
    expect(svg).not.toBe(recipeIllustrationSvg("Mac and Cheese", ["<svg/>"]));
  });
});
