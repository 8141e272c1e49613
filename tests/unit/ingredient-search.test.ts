import { describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import { searchIngredients } from "~/domain/ingredient-search";

const catalogue = getCatalogue();
const search = (query: string, limit?: number) => searchIngredients(catalogue, query, limit);
const names = (query: string, limit?: number) => search(query, limit).map((match) => match.name);

describe("searchIngredients", () => {
  it("puts the ingredient a text names first, then names starting with it", () => {
    expect(names("toma").slice(0, 2)).toEqual(["tomato", "tomatillo"]);
    expect(names("Tomatoes")[0]).toBe("tomato");
    expect(names("egg")[0]).toBe("egg");
  });

  it("finds ingredients through their synonyms and says which one", () => {
    expect(search("scallion")[0]).toMatchObject({ name: "spring onion", key: "spring onion", via: "scallion" });
    expect(search("prawn")[0]).toMatchObject({ name: "shrimp", via: "prawn", type: "Meat sausages and fish" });
    expect(search("tomato")[0].via).toBeNull();
  });

  it("tolerates typos, in a prefix and in a whole name", () => {
    expect(names("tomatp")[0]).toBe("tomato");
    expect(names("chiken")).toEqual(["chicken"]);
    expect(names("chiken breast")).toEqual(["chicken breast"]);
  });

  it("offers near misses only when nothing starts with the text", () => {
    expect(names("green on")).toEqual(["spring onion"]);
    expect(names("scall")).toEqual(["scallop", "spring onion"]);
  });

  it("ignores case, accents and punctuation", () => {
    expect(names("JALAPENO!")[0]).toBe(names("jalapeño")[0]);
  });

  it("answers nothing for blank or unknown text, and respects the limit", () => {
    expect(search("   ")).toEqual([]);
    expect(search("zorblax")).toEqual([]);
    expect(search("c", 3)).toHaveLength(3);
    expect(search("tomato", 0)).toEqual([]);
    expect(search("a".repeat(5000))).toEqual([]);
  });
});
