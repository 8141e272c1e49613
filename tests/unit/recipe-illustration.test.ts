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

  // Names from the starter cookbook (prisma/data/recipes), one group per form.
  const startersDrawnAs: Record<string, string[]> = {
    bread: [
      "Catalan Pan con Tomate with Garlic",
      "Tomato and Basil Bruschetta on Day-Old Bread",
      "Gochujang Avocado Toast with Jammy Eggs",
      "Cheddar Tuna Melt on Sourdough",
      "Leftover Roast Chicken Bánh Mì with Quick Pickles",
      "Choripan with Chimichurri and Salsa Criolla",
      "Smoky Lentil Sloppy Joes",
      "Skillet Cornbread with Sweetcorn and Jalapeño",
      "Manakish Zaatar Flatbreads",
      "Bulgogi Beef Sliders with Kimchi Slaw",
    ],
    bowl: [
      "Andalusian Gazpacho with Stale Bread",
      "Tuscan Ribollita with Cavolo Nero and Stale Bread",
      "Red Lentil Tarka Dal",
      "Clear-the-Fridge Minestrone",
      "Pork Pozole Rojo with Crunchy Garnishes",
      "Teriyaki Chicken Burrito Bowls",
    ],
    salad: [
      "Greek Village Salad with Feta and Olives",
      "Tomato and Cucumber Panzanella with Stale Bread",
      "Lime Cabbage Slaw with Pickled Jalapeño",
    ],
    skillet: [
      "Courgette, Mint and Parmesan Frittata",
      "Chorizo and Kimchi Fried Rice",
      "Thai Crispy Omelette with Spring Onion and Chilli",
      "Huevos a la Mexicana Tomato and Chilli Scramble",
      "Pan-Fried Salmon with Chilean Pebre",
    ],
    plate: [
      "Singapore Chilli Prawns with Toasted Baguette",
      "Red Curry Fish Cakes with Cucumber Relish",
      "Chicken 65 Bites with Curry Leaves",
      "Spaghetti with Garlic, Chilli and Wilted Greens",
      "Colombian Calentado with Rice, Beans and Fried Egg",
      "Cajun Prawn and Corn Sheet Pan Boil",
    ],
  };

  it.each(Object.entries(startersDrawnAs))("draws these starter recipes as %s", (form, names) => {
    expect(names.map((name) => [name, dishFormOf(name)])).toEqual(names.map((name) => [name, form]));
  });

  it("reads the dish from the name's head, not from what it comes with nor from a word before the dish", () => {
    // "with ..." names a side, "on ..." what it sits on: the dish is what comes before.
    expect(dishFormOf("Roasted Tomato Soup with Cheddar Grilled Cheese")).toBe("bowl");
    expect(dishFormOf("Turkish Eggs on Garlic Yoghurt with Chilli Butter")).toBe("plate");
    // A word before the dish's name says how or with what it is made, not what it is.
    expect(dishFormOf("Skillet Garlic Naan with Yoghurt")).toBe("bread");
    expect(dishFormOf("Malaysian Chicken and Potato Curry Puffs")).toBe("plate");
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
