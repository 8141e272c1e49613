import { describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import { looksLikeList, splitTypedList } from "~/domain/typed-list";

const catalogue = getCatalogue();
const split = (text: string) => splitTypedList(text, (phrase) => catalogue.find(phrase) !== null);
const names = (text: string) => split(text).map((item) => item.name);

describe("a list typed on /search", () => {
  it("splits on commas, 'and' and new lines", () => {
    expect(names("pork, tomato, onion, rice")).toEqual(["pork", "tomato", "onion", "rice"]);
    expect(names("eggs and bread\nmilk;butter")).toEqual(["eggs", "bread", "milk", "butter"]);
  });

  it("keeps amounts: a count, or an amount in a unit a pantry item holds", () => {
    expect(split("2 eggs, 500 g chicken breast, 1.5 kg potatoes")).toEqual([
      { name: "eggs", quantity: 2, unit: null },
      { name: "chicken breast", quantity: 500, unit: "g" },
      { name: "potatoes", quantity: 1.5, unit: "kg" },
    ]);
  });

  it("keeps a name with 'and' in it when the catalogue knows it as one", () => {
    const known = catalogue.ingredients
      .flatMap((ingredient) => ingredient.aliases)
      .find((alias) => / and /.test(alias));
    if (known) expect(names(known)).toEqual([known]);
    expect(names("mac and cheese")).toEqual(["mac", "cheese"]);
  });

  it("drops repeats and blanks, and reads at most 20 items", () => {
    expect(names("tomato, , Tomato,onion")).toEqual(["tomato", "onion"]);
    expect(split(Array.from({ length: 30 }, (_, at) => `item${at}`).join(","))).toHaveLength(20);
  });

  it("is a list when it holds several items or one with an amount, not a single name", () => {
    expect(looksLikeList("pork, tomato")).toBe(true);
    expect(looksLikeList("500 g chicken breast")).toBe(true);
    expect(looksLikeList("chicken breast")).toBe(false);
    expect(looksLikeList("cherry tomatoes")).toBe(false);
  });
});
