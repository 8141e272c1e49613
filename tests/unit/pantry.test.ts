import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { getCatalogue } from "~/domain/catalogue-data";
import { mergeItems, resolveName, validItems, type PantryItem } from "~/domain/pantry";
import { pantryItem } from "../support/pantry-item";
import { EditIngredientSchema, SearchActionSchema } from "~/domain/pantry-schemas";

const catalogue = getCatalogue();
const item = (name: string, key = name): PantryItem => pantryItem(key, { name });

describe("resolveName", () => {
  it("makes plurals, synonyms and kinds of a catalogue ingredient one item, keeping the user's wording", () => {
    expect(resolveName(catalogue, "Tomatoes")).toMatchObject({ key: "tomato", name: "Tomatoes", type: "Vegetables" });
    expect(resolveName(catalogue, "cherry tomatoes")?.key).toBe("tomato");
    expect(resolveName(catalogue, "King  Prawns ")).toMatchObject({ key: "shrimp", name: "King Prawns" });
  });

  it("takes the catalogue's spelling for a misspelt name", () => {
    expect(resolveName(catalogue, "tomatoe")).toMatchObject({ key: "tomato", name: "tomato" });
    expect(resolveName(catalogue, "chiken breast")).toMatchObject({ key: "chicken breast", name: "chicken breast" });
  });

  it("types a name the catalogue does not know 'Other', without borrowing a part of it", () => {
    expect(resolveName(catalogue, "moon cheese")).toMatchObject({
      key: "moon cheese",
      type: "Other",
      ingredient: null,
    });
    expect(resolveName(catalogue, "Grandma's zorblax")).toMatchObject({ name: "Grandma's zorblax", type: "Other" });
  });

  it("has nothing for a blank name", () => {
    expect(resolveName(catalogue, "  \t ")).toBeNull();
  });
});

describe("validItems", () => {
  it("skips entries without a name or a type, and anything that is not an item", () => {
    const stored = [
      { key: "tomato", name: "tomato", type: "Vegetables", source: "manual" },
      { key: "x", name: "   ", type: "Vegetables" },
      { key: "y", name: "lemon" },
      { key: "z", name: "lemon", type: "" },
      "egg",
      null,
    ];
    expect(validItems(stored).map((entry) => entry.name)).toEqual(["tomato"]);
    expect(validItems("not a list")).toEqual([]);
  });

  it("keeps a photo id only on camera items", () => {
    const [camera, manual] = validItems([
      { key: "a", name: "apple", type: "Fruit", source: "camera", captureId: "c1" },
      { key: "b", name: "pear", type: "Fruit", source: "manual", captureId: "c1" },
    ]);
    expect(camera).toMatchObject({ source: "camera", captureId: "c1" });
    expect(manual).toMatchObject({ source: "manual", captureId: null });
  });
});

describe("mergeItems", () => {
  it("adds only keys not yet listed, the first wording winning", () => {
    const result = mergeItems([item("Tomatoes", "tomato")], [item("tomato"), item("egg"), item("EGG", "egg")]);
    expect(result.items.map((entry) => entry.name)).toEqual(["Tomatoes", "egg"]);
    expect(result.added.map((entry) => entry.name)).toEqual(["egg"]);
    expect(result.full).toBe(false);
  });

  it("stops at the limit and says the list is full", () => {
    const result = mergeItems([item("a"), item("b")], [item("c"), item("d")], 3);
    expect(result.items.map((entry) => entry.key)).toEqual(["a", "b", "c"]);
    expect(result.full).toBe(true);
  });
});

describe("form schemas", () => {
  const parse = (schema: typeof SearchActionSchema | typeof EditIngredientSchema, fields: Record<string, string>) => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.set(name, value);
    return parseWithZod(formData, { schema });
  };
  const errors = (schema: typeof SearchActionSchema | typeof EditIngredientSchema, fields: Record<string, string>) => {
    const submission = parse(schema, fields);
    return submission.status === "success" ? null : submission.error;
  };

  it("needs a non-blank name of at most 60 characters", () => {
    expect(errors(SearchActionSchema, { intent: "add", name: "  " })).toEqual({
      name: ["Please enter an ingredient name."],
    });
    expect(errors(SearchActionSchema, { intent: "add", name: "x".repeat(61) })).toEqual({
      name: ["Ingredient names can be at most 60 characters."],
    });
    expect(parse(SearchActionSchema, { intent: "add", name: " egg " }).status).toBe("success");
  });

  it("accepts only the listed types on edit", () => {
    expect(errors(EditIngredientSchema, { key: "egg", name: "egg", type: "Sweets" })).toEqual({
      type: ["Please choose one of the listed types."],
    });
    expect(parse(EditIngredientSchema, { key: "egg", name: "egg", type: "Other" }).status).toBe("success");
  });
});
