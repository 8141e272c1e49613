import { describe, expect, it } from "vitest";
import {
  filterLinks,
  parseSuggestionView,
  rankingChoices,
  sortLinks,
  sortSuggestions,
  suggestionViewSearch,
  withoutChoice,
  type SuggestionFacts,
} from "~/domain/suggestion-view";

const chosen = {
  cuisines: ["Italian", "Mexican"],
  mealOccasions: ["Dinner", "Lunch"],
  dietaryPreferences: ["Vegetarian", "Keto"],
};
const view = (query: string) => parseSuggestionView(new URLSearchParams(query), chosen);

const recipe = (name: string, facts: Partial<SuggestionFacts>) => ({
  name,
  missing: [],
  prep_time: 10,
  cooking_time: 10,
  rating: null,
  ...facts,
});

// In the ranking's order (best use of the pantry first).
const ranked = [
  recipe("risotto", {
    missing: ["rice"],
    prep_time: 10,
    cooking_time: 35,
    rating: 4,
  }),
  recipe("tacos", { missing: [], prep_time: 15, cooking_time: 10, rating: 5 }),
  recipe("stew", { missing: ["beef", "carrot"], prep_time: null, cooking_time: null }),
  recipe("salad", { missing: [], prep_time: 10, cooking_time: 0, rating: 3 }),
];
const names = (items: { name: string }[]) => items.map((item) => item.name);

describe("parseSuggestionView", () => {
  it("reads the filters and sort from the address, ignoring what it does not know", () => {
    const none = { page: 1, showAllergens: false, anyMeal: false, without: [] };
    expect(view("")).toEqual({ ready: null, quick: false, cuisine: null, occasion: null, sort: "pantry", ...none });
    expect(view("ready=one&quick=30&cuisine=Italian&occasion=Dinner&sort=rated&page=3&allergens=show")).toEqual({
      ready: "one",
      quick: true,
      cuisine: "Italian",
      occasion: "Dinner",
      sort: "rated",
      page: 3,
      showAllergens: true,
      anyMeal: false,
      without: [],
    });
    expect(view("ready=soon&quick=45&cuisine=Indian&sort=random&page=x&without=Pescatarian")).toEqual(view(""));
    expect(view("page=9999").page).toBe(25);
    expect(view("meal=any&without=Keto").anyMeal).toBe(true);
    expect(view("meal=any&without=Keto").without).toEqual(["Keto"]);
  });
});

describe("what the ranking is asked", () => {
  it("passes the filters to the ranking, which looks at every candidate", () => {
    expect(rankingChoices(view("ready=now&quick=30&cuisine=Italian"), chosen)).toEqual({
      cuisines: ["Italian", "Mexican"],
      dietaryPreferences: ["Vegetarian", "Keto"],
      mealOccasions: ["Dinner", "Lunch"],
      filters: { maxMissing: 0, maxMinutes: 30, cuisine: "Italian" },
      showAllergens: false,
    });
  });

  it("narrows to one chosen meal, drops the meal, or sets a diet aside when the address says so", () => {
    expect(rankingChoices(view("occasion=Lunch"), chosen).mealOccasions).toEqual(["Lunch"]);
    expect(rankingChoices(view("meal=any"), chosen).mealOccasions).toEqual([]);
    expect(rankingChoices(view("without=Keto"), chosen).dietaryPreferences).toEqual(["Vegetarian"]);
  });

  it("links that drop the choice that emptied the list, back on the first page", () => {
    const current = view("page=2&quick=30");
    expect(suggestionViewSearch(withoutChoice(current, { kind: "diet", value: "Keto" }))).toBe(
      "?quick=30&without=Keto"
    );
    expect(suggestionViewSearch(withoutChoice(current, { kind: "quick" }))).toBe("");
    expect(suggestionViewSearch(withoutChoice(current, { kind: "occasion", value: "Dinner" }))).toBe(
      "?quick=30&meal=any"
    );
  });
});

describe("sortSuggestions", () => {
  it("keeps the ranking's order by default", () => {
    expect(names(sortSuggestions(ranked, "pantry"))).toEqual(["risotto", "tacos", "stew", "salad"]);
  });

  it("sorts by time (unknown last) or by rating (unrated last), ties in ranking order", () => {
    expect(names(sortSuggestions(ranked, "quickest"))).toEqual(["salad", "tacos", "risotto", "stew"]);
    expect(names(sortSuggestions(ranked, "rated"))).toEqual(["tacos", "risotto", "salad", "stew"]);
  });
});

describe("view links", () => {
  it("offers each filter as a link that switches it and keeps the others", () => {
    const links = filterLinks("/menu-suggestion", view("quick=30&sort=quickest"), chosen);
    expect(links.map((link) => link.label)).toEqual([
      "Ready now",
      "Missing one",
      "Under 30 min",
      "Italian",
      "Mexican",
      "Dinner",
      "Lunch",
    ]);
    expect(links[0]).toEqual({
      label: "Ready now",
      active: false,
      href: "/menu-suggestion?ready=now&quick=30&sort=quickest",
    });
    expect(links[2]).toEqual({ label: "Under 30 min", active: true, href: "/menu-suggestion?sort=quickest" });
  });

  it("offers the three sorts, the chosen one marked", () => {
    expect(sortLinks("/menu-suggestion", view("ready=now&sort=rated"))).toEqual([
      { label: "Best use of my pantry", active: false, href: "/menu-suggestion?ready=now" },
      { label: "Quickest", active: false, href: "/menu-suggestion?ready=now&sort=quickest" },
      { label: "Best rated", active: true, href: "/menu-suggestion?ready=now&sort=rated" },
    ]);
  });
});
