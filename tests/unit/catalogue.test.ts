import { describe, expect, it } from "vitest";
import { distinctRecipeLines } from "../support/recipe-lines";

import { getCatalogue } from "../../app/domain/catalogue-data";
import { editDistance, nameKey, singularize } from "../../app/domain/catalogue";
import { INGREDIENT_TYPES } from "../../app/domain/ingredient-types";

const catalogue = getCatalogue();
const nameOf = (text: string) => catalogue.match(text)?.name ?? null;

describe("catalogue data", () => {
  it("covers at least 430 ingredients across all eight types", () => {
    expect(catalogue.ingredients.length).toBeGreaterThanOrEqual(430);
    for (const type of INGREDIENT_TYPES) {
      expect(catalogue.ingredients.some((ingredient) => ingredient.type === type)).toBe(true);
    }
  });

  it("has every alias meaning exactly one ingredient", () => {
    for (const ingredient of catalogue.ingredients) {
      for (const alias of ingredient.aliases) expect(catalogue.find(alias)?.name).toBe(ingredient.name);
    }
  });

  it("knows the cuisine-specific ingredients home cooks ask for", () => {
    const wanted = [
      "lemongrass",
      "galangal",
      "tamarind",
      "garam masala",
      "ghee",
      "paneer",
      "tahini",
      "sumac",
      "za'atar",
      "harissa",
      "chipotle",
      "masa harina",
      "queso fresco",
      "plantain",
      "quinoa",
      "black bean",
      "aji amarillo",
      "pecorino",
      "pancetta",
      "arborio rice",
      "feta",
      "halloumi",
      "fish sauce",
      "soy sauce",
      "ketchup",
    ];
    expect(wanted.filter((name) => !catalogue.byName(name))).toEqual([]);
  });

  it("treats only what every kitchen has as a staple", () => {
    const staples = catalogue.ingredients
      .filter((ingredient) => ingredient.isStaple)
      .map((ingredient) => ingredient.name);
    expect(staples).toEqual(expect.arrayContaining(["salt", "black pepper", "water", "vegetable oil", "olive oil"]));
    expect(staples).not.toContain("flour");
    expect(staples).not.toContain("egg");
  });

  it("carries USDA nutrition and a CO2 figure for everyday foods", () => {
    const tomato = catalogue.byName("tomato")!;
    expect(tomato.caloriesPer100g).toBe(18);
    expect(tomato.unitWeights.piece).toBeGreaterThan(80);
    expect(catalogue.byName("beef")!.co2PerKg).toBeGreaterThan(catalogue.byName("chicken breast")!.co2PerKg!);
    expect(catalogue.byName("walnut")!.allergens).toEqual(["tree nuts"]);
  });
});

describe("matching what people type", () => {
  it.each([
    ["cherry tomatoes", "tomato"],
    ["2 ripe tomatoes, diced", "tomato"],
    ["fresh basil leaves", "basil"],
    ["3 cloves garlic, minced", "garlic"],
    ["Jalapeños", "jalapeño"],
    ["crème fraîche", "crème fraîche"],
    ["creme fraiche", "crème fraîche"],
    ["1 (400 g) can coconut milk", "coconut milk"],
    ["extra-virgin olive oil", "olive oil"],
    ["juice of 1 lemon", "lemon juice"],
    ["chickpeas, drained and rinsed", "chickpea"],
    ["bird's eye chillies", "bird's eye chili"],
    ["kaffir lime leaves", "kaffir lime leaf"],
    ["strawberries", "strawberry"],
    ["peaches", "peach"],
    ["potatoes", "potato"],
  ])("%s → %s", (text, expected) => {
    expect(nameOf(text)).toBe(expected);
  });

  it("resolves synonyms to one ingredient", () => {
    expect(nameOf("scallion")).toBe("spring onion");
    expect(nameOf("green onions")).toBe("spring onion");
    expect(nameOf("coriander")).toBe("cilantro");
    expect(nameOf("aubergine")).toBe("eggplant");
    expect(nameOf("courgette")).toBe("zucchini");
    expect(nameOf("prawns")).toBe("shrimp");
  });

  it("forgives typos but not nonsense", () => {
    expect(nameOf("tomatoe")).toBe("tomato");
    expect(nameOf("brocoli")).toBe("broccoli");
    expect(nameOf("chiken breast")).toBe("chicken breast");
    expect(nameOf("parmesean")).toBe("parmesan");
    expect(nameOf("olvies")).toBe("olive");
    expect(nameOf("dahsi")).toBe("fish stock");
    expect(nameOf("unicorn")).toBeNull();
    expect(nameOf("xyz")).toBeNull();
  });

  it("corrects a misspelt first word instead of settling for the generic head noun", () => {
    expect(nameOf("pamresan cheese")).toBe("parmesan");
    expect(nameOf("gruond coriander")).toBe("coriander seed");
    expect(nameOf("jaalpeno pepper")).toBe("jalapeño");
  });

  it("tells French pastry doughs from pasta", () => {
    expect(nameOf("300 g de pâtes")).toBe("pasta");
    expect(nameOf("pâte brisée")).toBe("pie crust");
    expect(nameOf("pâte feuilletée")).toBe("puff pastry");
    expect(nameOf("pâte sablée")).not.toBe("pasta");
    expect(nameOf("1 pâte")).not.toBe("pasta");
  });

  it.each([
    ["bouillon de volaille", "chicken stock"],
    ["fond de volaille", "chicken stock"],
    ["bouillon de poulet", "chicken stock"],
    ["bouillon de boeuf", "beef stock"],
    ["chicken stock cube", "chicken stock"],
    ["bouillon de légumes", "vegetable stock"],
    ["stock", "vegetable stock"],
  ])("takes %s for the stock of what it names: %s", (text, expected) => {
    expect(nameOf(text)).toBe(expected);
  });

  it("never takes a veal stock for vegetable stock", () => {
    expect(nameOf("fond de veau")).not.toBe("vegetable stock");
    expect(nameOf("veal stock")).not.toBe("vegetable stock");
  });

  it("does not guess a short word of another language as a typo of a different food", () => {
    expect(nameOf("liqueur au cassis")).toBeNull();
    expect(nameOf("sirop de cassis")).toBeNull();
    expect(nameOf("olvies")).toBe("olive");
    expect(nameOf("½ tomatoe")).toBe("tomato");
  });

  it("does not take another food's name abroad for a catalogue stand-in", () => {
    expect(nameOf("1 raap")).not.toBe("canola oil");
    expect(nameOf("filet de merlu")).not.toBe("cod");
    expect(nameOf("carré")).not.toBe("pork shoulder");
  });

  it("does not take a real word for a typo of another", () => {
    expect(nameOf("tikka masala paste")).not.toBe("pasta");
  });

  // How fast: bench/catalogue-match.ts.
  it("matches 10,000 distinct recipe lines, a tenth of them misspelt", () => {
    const lines = distinctRecipeLines(catalogue, 10_000);
    const matched = lines.filter((line) => catalogue.match(line) !== null).length;
    expect(matched).toBeGreaterThan(9_500);
  });
});

describe("autocomplete", () => {
  const names = (prefix: string) => catalogue.suggest(prefix).map((ingredient) => ingredient.name);

  it("puts the ingredient named by the prefix first", () => {
    expect(names("tom")[0]).toBe("tomato");
    expect(names("tom")).toContain("tomato paste");
  });

  it("finds ingredients through their synonyms", () => {
    expect(names("scal")).toContain("spring onion");
    expect(names("auberg")).toEqual(["eggplant"]);
  });

  it("tolerates a typo in the prefix", () => {
    expect(names("tomatp")[0]).toBe("tomato");
  });

  it("returns nothing for an empty prefix and respects the limit", () => {
    expect(names("  ")).toEqual([]);
    expect(catalogue.suggest("c", 5)).toHaveLength(5);
  });
});

describe("word helpers", () => {
  it("singularizes English plurals", () => {
    expect(
      ["tomatoes", "berries", "leaves", "radishes", "cookies", "chillies", "garlics", "hummus", "molasses"].map(
        singularize
      )
    ).toEqual(["tomato", "berry", "leaf", "radish", "cookie", "chilli", "garlic", "hummus", "molass"]);
  });

  it("takes a word named like an object's own property as a word", () => {
    expect(["constructor", "toString", "valueOf"].map(singularize)).toEqual(["constructor", "toString", "valueOf"]);
    expect(nameKey("Constructor beans")).toBe("constructor bean");
  });

  it("counts a transposition as one edit", () => {
    expect(editDistance("tomaot", "tomato")).toBe(1);
    expect(editDistance("garlic", "garlic")).toBe(0);
  });
});
