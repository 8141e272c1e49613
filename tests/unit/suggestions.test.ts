import { describe, expect, it } from "vitest";

import { getCatalogue } from "../../app/domain/catalogue-data";
import { INGREDIENT_TYPES } from "../../app/domain/ingredient-types";
import { BUILT_IN_SUGGESTIONS, mostSearchedToggles, RECOMMENDED_TOGGLES } from "../../app/domain/suggestions";

const catalogue = getCatalogue();

describe("built-in suggestions", () => {
  it("has 35 distinct items spread over all eight types", () => {
    expect(BUILT_IN_SUGGESTIONS).toHaveLength(35);
    expect(new Set(BUILT_IN_SUGGESTIONS.map((item) => item.name)).size).toBe(35);
    expect(new Set(BUILT_IN_SUGGESTIONS.map((item) => item.type))).toEqual(new Set(INGREDIENT_TYPES));
  });

  it("names catalogue ingredients with their catalogue type", () => {
    for (const item of BUILT_IN_SUGGESTIONS) expect(catalogue.byName(item.name)?.type).toBe(item.type);
  });

  it("resolves the five recommended toggles to catalogue ingredients", () => {
    expect(RECOMMENDED_TOGGLES.map((label) => catalogue.find(label)?.name)).toEqual([
      "bread",
      "tomato",
      "celery",
      "pork",
      "shrimp",
    ]);
  });
});

describe("Home's most-searched toggles", () => {
  it("start from the built-in list when nobody has searched yet", () => {
    expect(mostSearchedToggles([])).toEqual(["rice", "pasta", "bread", "flour", "chickpea", "tomato"]);
  });

  it("put what people search most first and top up from the built-in list without repeats", () => {
    expect(mostSearchedToggles(["kimchi", "pasta"], 4)).toEqual(["kimchi", "pasta", "rice", "bread"]);
  });

  it("show only the most searched once there are enough", () => {
    expect(mostSearchedToggles(["leek", "kale", "tofu", "lime", "feta", "okra", "miso"])).toEqual([
      "leek",
      "kale",
      "tofu",
      "lime",
      "feta",
      "okra",
    ]);
  });
});
