import { describe, expect, it } from "vitest";
import {
  applySuggestionView,
  filterLinks,
  parseSuggestionView,
  sortLinks,
  type SuggestionFacts,
} from "~/domain/suggestion-view";

const chosen = { cuisines: ["Italian", "Mexican"], mealOccasions: ["Dinner"] };
const view = (query: string) => parseSuggestionView(new URLSearchParams(query), chosen);

const recipe = (name: string, facts: Partial<SuggestionFacts>) => ({
  name,
  missing: [],
  prep_time: 10,
  cooking_time: 10,
  cuisines: [],
  occasions: [],
  rating: null,
  ...facts,
});

// In the ranking's order (best use of the pantry first).
const ranked = [
  recipe("risotto", {
    missing: ["rice"],
    prep_time: 10,
    cooking_time: 35,
    cuisines: ["Italian"],
    occasions: ["Dinner"],
    rating: 4,
  }),
  recipe("tacos", { missing: [], prep_time: 15, cooking_time: 10, cuisines: ["Mexican"], rating: 5 }),
  recipe("stew", { missing: ["beef", "carrot"], prep_time: null, cooking_time: null, occasions: ["Dinner"] }),
  recipe("salad", { missing: [], prep_time: 10, cooking_time: 0, cuisines: ["Italian"], rating: 3 }),
];
const names = (items: { name: string }[]) => items.map((item) => item.name);

describe("parseSuggestionView", () => {
  it("reads the filters and sort from the address, ignoring what it does not know", () => {
    expect(view("")).toEqual({ ready: null, quick: false, cuisine: null, occasion: null, sort: "pantry" });
    expect(view("ready=one&quick=30&cuisine=Italian&occasion=Dinner&sort=rated")).toEqual({
      ready: "one",
      quick: true,
      cuisine: "Italian",
      occasion: "Dinner",
      sort: "rated",
    });
    expect(view("ready=soon&quick=45&cuisine=Indian&sort=random")).toEqual(view(""));
  });
});

describe("applySuggestionView", () => {
  it("keeps the ranking's order by default", () => {
    expect(names(applySuggestionView(ranked, view("")))).toEqual(["risotto", "tacos", "stew", "salad"]);
  });

  it("filters to ready now, missing one, under 30 minutes, a cuisine, an occasion, and combinations", () => {
    expect(names(applySuggestionView(ranked, view("ready=now")))).toEqual(["tacos", "salad"]);
    expect(names(applySuggestionView(ranked, view("ready=one")))).toEqual(["risotto", "tacos", "salad"]);
    expect(names(applySuggestionView(ranked, view("quick=30")))).toEqual(["tacos", "salad"]);
    expect(names(applySuggestionView(ranked, view("cuisine=Italian")))).toEqual(["risotto", "salad"]);
    expect(names(applySuggestionView(ranked, view("occasion=Dinner")))).toEqual(["risotto", "stew"]);
    expect(names(applySuggestionView(ranked, view("cuisine=Italian&quick=30")))).toEqual(["salad"]);
  });

  it("keeps the best `limit` of what the filters keep, then sorts those", () => {
    expect(names(applySuggestionView(ranked, view("ready=one"), 2))).toEqual(["risotto", "tacos"]);
    expect(names(applySuggestionView(ranked, view("sort=quickest"), 3))).toEqual(["tacos", "risotto", "stew"]);
  });

  it("sorts by time (unknown last) or by rating (unrated last), ties in ranking order", () => {
    expect(names(applySuggestionView(ranked, view("sort=quickest")))).toEqual(["salad", "tacos", "risotto", "stew"]);
    expect(names(applySuggestionView(ranked, view("sort=rated")))).toEqual(["tacos", "risotto", "salad", "stew"]);
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
