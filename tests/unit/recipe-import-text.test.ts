/** A recipe pasted as text on /import, in the ways a cook copies one out of a note or an email. */
import { describe, expect, it } from "vitest";
import { fromPlainText } from "~/domain/recipe-import/plain-text";

function read(text: string) {
  const result = fromPlainText(text);
  if (!result.ok) return { reason: result.reason };
  const { name, ingredients, steps, servings } = result.draft;
  return {
    name,
    lines: ingredients.map((line) => (line.section ? `[${line.section}] ` : "") + line.name),
    steps,
    servings,
  };
}

describe("a recipe pasted as text", () => {
  it("reads the title line, the ingredient block and the steps after a blank line", () => {
    expect(
      read(`Tomato Soup

2 tbsp olive oil
1 onion, chopped
800 g tinned tomatoes

Soften the onion in the oil.
Add the tomatoes and simmer 20 minutes.`)
    ).toEqual({
      name: "Tomato Soup",
      lines: ["olive oil", "onion", "tinned tomatoes"],
      steps: ["Soften the onion in the oil.", "Add the tomatoes and simmer 20 minutes."],
      servings: null,
    });
  });

  it("follows Ingredients / Method headings, bullets, numbered steps, sections and a servings line", () => {
    expect(
      read(`# Lemon Cake
Serves 8
Ingredients:
For the cake:
- 200 g flour
- 3 eggs
For the glaze:
- 100 g icing sugar
Method
1. Bake the cake at 180 °C for 35 minutes.
2. Glaze it once cool.`)
    ).toEqual({
      name: "Lemon Cake",
      lines: ["[For the cake] flour", "[For the cake] eggs", "[For the glaze] icing sugar"],
      steps: ["Bake the cake at 180 °C for 35 minutes.", "Glaze it once cool."],
      servings: 8,
    });
  });

  it("tells steps from ingredients without a blank line, by the amount a line starts with", () => {
    expect(read("Fried Egg\n1 egg\n1 tsp butter\nFry the egg in the butter.")).toMatchObject({
      lines: ["egg", "butter"],
      steps: ["Fry the egg in the butter."],
    });
  });

  it("says what is missing when the text is not a recipe", () => {
    expect(read("   \n  ")).toEqual({ reason: "no recipe name" });
    expect(read("Just a title")).toEqual({ reason: "no ingredient lines" });
    expect(read("Toast\n2 slices bread")).toEqual({ reason: "no directions" });
  });
});
