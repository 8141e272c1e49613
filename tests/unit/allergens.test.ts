import { describe, expect, it } from "vitest";

import { allergenGroupsFor, analyzeAllergies } from "../../app/domain/allergens";
import { getCatalogue } from "../../app/domain/catalogue-data";

const catalogue = getCatalogue();
const flagged = (ingredients: string[], allergies: string[]) =>
  analyzeAllergies(ingredients, allergies, catalogue).map((alert) => `${alert.allergy}: ${alert.ingredient}`);

describe("allergenGroupsFor", () => {
  it("understands the words people type, in any case and number", () => {
    expect(allergenGroupsFor("Nuts")).toEqual(["tree nuts", "peanuts"]);
    expect(allergenGroupsFor("peanut")).toEqual(["peanuts"]);
    expect(allergenGroupsFor("Shellfish")).toEqual(["crustaceans", "molluscs"]);
    expect(allergenGroupsFor("lactose")).toEqual(["milk"]);
    expect(allergenGroupsFor("dairy")).toEqual(["milk"]);
    expect(allergenGroupsFor("wheat")).toEqual(["gluten"]);
    expect(allergenGroupsFor("soy")).toEqual(["soybeans"]);
    expect(allergenGroupsFor("eggs")).toEqual(["eggs"]);
    expect(allergenGroupsFor("strawberry")).toEqual([]);
  });
});

describe("analyzeAllergies", () => {
  it("flags almonds and walnuts for a nut allergy", () => {
    expect(flagged(["almonds", "walnut", "apple"], ["nuts"])).toEqual(["nuts: almonds", "nuts: walnut"]);
  });

  it("flags butter and cheese for milk or lactose", () => {
    expect(flagged(["butter", "cheddar", "flour"], ["lactose"])).toEqual(["lactose: butter", "lactose: cheddar"]);
    expect(flagged(["butter", "cheddar", "flour"], ["Milk"])).toEqual(["Milk: butter", "Milk: cheddar"]);
  });

  it("flags wheat flour and soy sauce for gluten", () => {
    expect(flagged(["whole wheat flour", "soy sauce", "rice"], ["gluten"])).toEqual([
      "gluten: whole wheat flour",
      "gluten: soy sauce",
    ]);
  });

  it("flags prawns and mussels for shellfish", () => {
    expect(flagged(["prawns", "mussels", "salmon"], ["shellfish"])).toEqual([
      "shellfish: prawns",
      "shellfish: mussels",
    ]);
  });

  it("flags an ingredient allergy through its synonyms", () => {
    expect(flagged(["fresh coriander", "lime"], ["cilantro"])).toEqual(["cilantro: fresh coriander"]);
  });

  it("falls back to a case-insensitive substring match", () => {
    expect(flagged(["Dragon Fruit Salsa", "rice"], ["dragon"])).toEqual(["dragon: Dragon Fruit Salsa"]);
  });

  it("names the allergen group behind each alert and ignores blank allergies", () => {
    expect(analyzeAllergies(["tahini"], [" ", "sesame"], catalogue)).toEqual([
      { allergy: "sesame", ingredient: "tahini", allergen: "sesame" },
    ]);
  });
});
