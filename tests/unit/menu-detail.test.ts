import { describe, expect, it } from "vitest";
import { idField } from "~/domain/id-field";
import { parseId } from "~/domain/ids";
import { addedToListMessage, gridLines, nutritionRows, recipeGrids, shoppingQuantity } from "~/domain/menu-detail";
import { parseMenuIntent } from "~/domain/menu-intent-schema";

const menu = {
  ingredients_quantity: {
    "chicken thigh": "800 grams",
    lemon: "1",
    water: "250 milliliters",
    "olive oil": "3 tablespoons",
    "dried oregano": "1 teaspoon",
  },
  ingredients_type: {
    "chicken thigh": "Meat sausages and fish",
    lemon: "Fruit",
    "olive oil": "miscellaneous items",
    "dried oregano": "miscellaneous items",
  },
};

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [key, value] of fields) data.append(key, value);
  return data;
}

describe("recipe grids", () => {
  it("splits seasonings from ingredients, hides untyped lines, abbreviates units and marks what the cook has", () => {
    const grids = recipeGrids(menu, (name) => name === "lemon");
    expect(grids.ingredients).toEqual([
      { name: "chicken thigh", quantity: "800 g", have: false, section: null },
      { name: "lemon", quantity: "1", have: true, section: null },
    ]);
    expect(grids.seasonings).toEqual([
      { name: "olive oil", quantity: "3 tbsp", have: false, section: null },
      { name: "dried oregano", quantity: "1 tsp", have: false, section: null },
    ]);
    expect([...gridLines(grids).keys()]).not.toContain("water");
  });
});

describe("recipe screen intents", () => {
  it("reads each intent with its fields", () => {
    expect(
      parseMenuIntent(
        form([
          ["intent", "favorite"],
          ["favorite", "true"],
        ])
      )
    ).toEqual({ ok: true, intent: { intent: "favorite", favorite: true } });
    expect(
      parseMenuIntent(
        form([
          ["intent", "check-step"],
          ["step", "2"],
          ["checked", "false"],
        ])
      )
    ).toEqual({
      ok: true,
      intent: { intent: "check-step", step: 2, checked: false },
    });
    expect(
      parseMenuIntent(
        form([
          ["intent", "add-to-list"],
          ["ingredient", "lemon"],
          ["ingredient", "olive oil"],
        ])
      )
    ).toEqual({
      ok: true,
      intent: { intent: "add-to-list", ingredients: ["lemon", "olive oil"] },
    });
  });

  it.each<[[string, string][], string]>([
    [[["intent", "dance"]], "Unknown action"],
    [[], "Unknown action"],
    [[["intent", "add-to-list"]], "Select the ingredients you are missing first."],
    [
      [
        ["intent", "favorite"],
        ["favorite", "maybe"],
      ],
      "favorite: must be true or false",
    ],
    [
      [
        ["intent", "check-step"],
        ["step", "-1"],
        ["checked", "true"],
      ],
      "step: step must be a step number",
    ],
  ])("refuses %j with a clear message", (fields, message) => {
    expect(parseMenuIntent(form(fields))).toEqual({ ok: false, message });
  });
});

describe("nutrition rows", () => {
  it("rounds per unit and shows N/A where the recipe does not tell", () => {
    const rows = nutritionRows({
      calories: 512.6,
      protein: 31.26,
      fat: null,
      carbohydrates: 40,
      sodium: 812.4,
      sugar: 3.04,
    });
    expect(rows).toEqual([
      { label: "Calories", value: "513 kcal" },
      { label: "Protein", value: "31.3 g" },
      { label: "Fat", value: "N/A" },
      { label: "Carbohydrates", value: "40 g" },
      { label: "Sodium", value: "812 mg" },
      { label: "Sugar", value: "3 g" },
    ]);
  });
});

describe("shopping quantity", () => {
  it("keeps the amount and drops the cook's note", () => {
    expect(shoppingQuantity("600 g, cooked and cooled, cut into 2 cm cubes")).toBe("600 g");
    expect(shoppingQuantity("2 tbsp")).toBe("2 tbsp");
    expect(shoppingQuantity("")).toBe("");
  });
});

describe("added-to-list message", () => {
  it("counts what was added and what was there already", () => {
    expect(addedToListMessage({ added: ["lemon"], alreadyListed: [] })).toBe("Added 1 item to your shopping list.");
    expect(addedToListMessage({ added: ["a", "b"], alreadyListed: ["c"] })).toBe(
      "Added 2 items to your shopping list. 1 item was already on it."
    );
    expect(addedToListMessage({ added: [], alreadyListed: ["c"] })).toBe(
      "Those ingredients are already on your shopping list."
    );
  });
});

describe("ids", () => {
  it("reads path ids and body ids, naming the field in messages", () => {
    expect(parseId("42")).toBe(42);
    for (const bad of ["0", "-1", "abc", "4.2", "99999999999", undefined]) expect(parseId(bad)).toBeNull();
    const field = idField("menu_id");
    expect(field.parse(7)).toBe(7);
    expect(field.parse("7")).toBe(7);
    expect(field.safeParse(undefined).error?.issues[0].message).toBe("menu_id is required");
    for (const bad of [0, 1.5, "x", -3, true]) {
      expect(field.safeParse(bad).error?.issues[0].message).toBe("menu_id must be a positive whole number");
    }
  });
});
