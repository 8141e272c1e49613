import { describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import {
  cuisinesOf,
  durationMinutes,
  formatOfFileName,
  fromJsonLd,
  fromMarkdown,
  fromRecipeScrapers,
  isSeasoning,
  occasionsOf,
  parseRecipeDocument,
  servingsOf,
  splitIngredientLine,
} from "~/domain/recipe-import";
import { cleanText } from "~/domain/recipe-import/fields";

function draftOf(result: ReturnType<typeof fromJsonLd>) {
  if (!result.ok) throw new Error(`expected a draft, got: ${result.reason}`);
  return result.draft;
}

describe("field conversions", () => {
  it.each([
    ["PT1H20M", 80],
    ["PT45M", 45],
    ["P0DT2H", 120],
    ["PT90S", 2],
    ["PTH30MS", 30],
    ["P0Y0M0DT0H45M0.000S", 45],
    ["1 1/2 hours", 90],
    ["1½ hours", 90],
    // the amounts quantities read: "and" between a number and its fraction, the fraction slash
    ["1 and 1/2 hours", 90],
    ["2 1⁄2 hours", 150],
    ["PTHMS", null],
    ["15 min", 15],
    ["1 hour 10 minutes", 70],
    [25, 25],
    ["PT0M", null],
    // a negative duration, a plugin's total worked out from a bad date: no time, not its digits
    ["PT-471406H28M55S", null],
    ["PT-5M", null],
    ["-PT30M", null],
    ["soon", null],
    [null, null],
  ])("reads the duration %o as %o minutes", (value, minutes) => {
    expect(durationMinutes(value)).toBe(minutes);
  });

  it.each([
    ["4 servings", 4],
    // a range feeds up to its upper end, as recipe-scrapers (the reference the pages are checked against) reads it
    ["Serves 4-6", 6],
    ["11-12 cookies", 12],
    ["4 à 6 personnes", 6],
    ["2 bis 3 Portionen", 3],
    ["4 Portionen à 250 g", 4],
    ["4 -6 servings", 4],
    [6, 6],
    [["8", "8 slices"], 8],
    [["11", "11-12 cookies"], 12],
    ["a few", null],
    [undefined, null],
  ])("reads the yield %o as %o servings", (value, servings) => {
    expect(servingsOf(value)).toBe(servings);
  });

  it("maps source cuisines onto the spec list and drops the rest", () => {
    expect(cuisinesOf("Thai, Vegan")).toEqual(["Southeast Asian"]);
    expect(cuisinesOf(["Greek", "Italian", "Chinese"])).toEqual(["Italian", "Mediterranean"]);
    expect(cuisinesOf("Cocina española")).toEqual(["Mediterranean"]);
  });

  it("maps categories onto meal occasions: desserts and snacks are Snack", () => {
    expect(occasionsOf("Dessert, Snack")).toEqual(["Snack"]);
    expect(occasionsOf(["Main Course", "brunch", "Soup"])).toEqual(["Breakfast", "Dinner"]);
  });
});

describe("ingredient lines", () => {
  it.each([
    ["3 cloves garlic, smashed", { quantity: "3 cloves", name: "garlic", note: "smashed" }],
    ["1 1/2 cups plain flour", { quantity: "1 1/2 cups", name: "plain flour" }],
    ["½ tsp salt", { quantity: "½ tsp", name: "salt" }],
    [
      "1 pound (500g) spaghetti (or other long pasta)",
      { quantity: "1 pound (500g)", name: "spaghetti", note: "or other long pasta" },
    ],
    ["2-3 carrots, peeled and diced", { quantity: "2-3", name: "carrots", note: "peeled and diced" }],
    ["A bunch of fresh parsley", { quantity: "A bunch", name: "fresh parsley" }],
    ["2 slices sourdough bread", { quantity: "2 slices", name: "sourdough bread" }],
  ])("splits %o", (line, parts) => {
    expect(splitIngredientLine(line)).toMatchObject(parts);
  });

  it.each([
    // an amount said to be about so much, in English and other languages
    ["ca. 200 g Mehl", { quantity: "ca. 200 g", name: "Mehl" }],
    ["environ 120 g de beurre", { quantity: "environ 120 g", name: "beurre" }],
    ["Up to 1/3 cup Water, chilled", { quantity: "Up to 1/3 cup", name: "Water", note: "chilled" }],
    ["~1/2 cup sugar", { quantity: "~1/2 cup", name: "sugar" }],
    ["около 200 г муки", { quantity: "около 200 г", name: "муки" }],
    // how full the measure is goes with the unit
    ["1 heaping tablespoon sugar", { quantity: "1 heaping tablespoon", name: "sugar" }],
    ["1 gehäufter EL Mehl", { quantity: "1 gehäufter EL", name: "Mehl" }],
    ["1 good onion", { quantity: "1", name: "good onion" }],
    // unit words of other languages and scripts
    ["2 cucchiai di olio", { quantity: "2 cucchiai", name: "olio" }],
    ["25 dkg Finomliszt", { quantity: "25 dkg", name: "Finomliszt" }],
    ["2 ст. л. масла", { quantity: "2 ст. л.", name: "масла" }],
    ["500 мл молока", { quantity: "500 мл", name: "молока" }],
    ["2 κ.σ. ζάχαρη", { quantity: "2 κ.σ.", name: "ζάχαρη" }],
    ["1 ČL soli", { quantity: "1 ČL", name: "soli" }],
    ["2 yemek kaşığı un", { quantity: "2 yemek kaşığı", name: "un" }],
    ["150克 鸡胸肉", { quantity: "150克", name: "鸡胸肉" }],
    ["Molho de tomate 200 gramas", { quantity: "200 gramas", name: "Molho de tomate" }],
    ["1 pint heavy whipping cream", { quantity: "1 pint", name: "heavy whipping cream" }],
    // the same amount in another unit after "or"; an alternative ingredient with its own amount is a note
    ["250g or 1/2lbs of fresh spinach", { quantity: "250g or 1/2lbs", name: "fresh spinach" }],
    [
      "1 tablespoon olive oil or 1/4 cup water",
      { quantity: "1 tablespoon", name: "olive oil", note: "or 1/4 cup water" },
    ],
    ["1 EL Öl oder 20 g Butter", { quantity: "1 EL", name: "Öl", note: "oder 20 g Butter" }],
    ["3 medium or 2 large leeks", { quantity: "3 medium", name: "or 2 large leeks" }],
    ["100 gr de cebolla en trozos de 2 o 3 cm", { quantity: "100 gr", name: "cebolla en trozos de 2 o 3 cm" }],
    ["Zest of 1 lemon", { quantity: "", name: "Zest of 1 lemon" }],
    ["2 cups chicken broth or water", { quantity: "2 cups", name: "chicken broth or water" }],
    // "half" before a unit; a package, bag or box; the amount again in the other system without a bracket
    ["meia colher (chá) de sal", { quantity: "meia colher (chá)", name: "sal" }],
    ["mezza cipolla", { quantity: "", name: "mezza cipolla" }],
    ["Half and half", { quantity: "", name: "Half and half" }],
    [
      "2 8 oz packages cream cheese (softened)",
      { quantity: "2 8 oz packages", name: "cream cheese", note: "softened" },
    ],
    ["1 bag (10 ounces) mini marshmallows", { quantity: "1 bag (10 ounces)", name: "mini marshmallows" }],
    ["2 tea bags", { quantity: "2", name: "tea bags" }],
    ["125 ml 1/2 cup milk", { quantity: "125 ml 1/2 cup", name: "milk" }],
    ["3/4 cup 4 oz. pine nuts", { quantity: "3/4 cup 4 oz.", name: "pine nuts" }],
    // two amounts of one system add up; the British "metric/imperial" with pounds and ounces or fluid ounces
    ["1 lb 2 oz chicken", { quantity: "1 lb 2 oz", name: "chicken" }],
    ["600g/1lb 5oz full-fat cream cheese", { quantity: "600g/1lb 5oz", name: "full-fat cream cheese" }],
    ["150ml/5fl oz double cream", { quantity: "150ml/5fl oz", name: "double cream" }],
    // all the name in brackets, a full stop after them
    ["~4 small pinches of (Mozzarella, Oaxaca, or Jack cheese).", { quantity: "~4 small pinches", name: "Mozzarella" }],
  ])("splits %o", (line, parts) => {
    expect(splitIngredientLine(line)).toMatchObject(parts);
  });

  // The cook wrote "1¼ cups half and half"; the page's maker stored its UTF-8 as Latin-1 or Windows-1252 text, so
  // the page reads "1Â¼ cups" and "CrÃ¨me fraÃ®che". The amount and the name are what the cook wrote.
  it("reads text whose UTF-8 a page shows as Latin-1 or Windows-1252 as it was written", () => {
    expect(splitIngredientLine("1Â¼ cups half and half")).toEqual({ quantity: "1¼ cups", name: "half and half" });
    expect(splitIngredientLine("Â½ teaspoon vanilla extract")).toMatchObject({ quantity: "½ teaspoon" });
    expect(cleanText("200 ml CrÃ¨me fraÃ®che")).toBe("200 ml Crème fraîche");
    expect(cleanText("Itâ€™s done")).toBe("It’s done");
    // real text that only looks like it: a capital Ã before a letter, "×" before a fraction, French quotes
    expect(cleanText("SÃO PAULO")).toBe("SÃO PAULO");
    expect(cleanText("2×½ cups")).toBe("2×½ cups");
    expect(cleanText("« à point »")).toBe("« à point »");
    expect(cleanText("Å›wieże masÅ‚o")).toBe("świeże masło");
    expect(cleanText("bÅ“uf, Ð¼Ð¾Ð»Ð¾ÐºÐ¾, 20 â„ƒ")).toBe("bœuf, молоко, 20 ℃");
  });

  // An accented capital before "®", "©", "°", "’", "“" or "·" is how brands, quotes and shouted words are written,
  // not a misread letter: a cook reads "NESTLÉ®", never "NESTLɮ".
  it.each([
    "NESTLÉ® condensed milk",
    "„Spaß“ beim Backen",
    "CAFÉ’S house blend",
    "mit Gruß· aus Wien",
    "PÂTÉ© maison",
    "RÂPÉ® fromage",
    "PURÉ® de patatas",
    "AÇAÍ® bowl",
    "Crema CATALÓ’s",
    "SMÅ® kakor",
    "BLÅ© bær",
    "SØ° 90",
    "HÅ° slut",
    "KÅ’S kanelbullar",
  ])("leaves real text %o as written", (text) => {
    expect(cleanText(text)).toBe(text);
  });

  it("skips group headers and empty lines", () => {
    expect(splitIngredientLine("For the icing:")).toBeNull();
    expect(splitIngredientLine("Sauce:")).toBeNull();
    expect(splitIngredientLine("   ")).toBeNull();
  });

  it("marks salt, spices, oils and unknown sauces as seasonings, but not vegetables", () => {
    const catalogue = getCatalogue();
    expect(isSeasoning("salt", catalogue)).toBe(true);
    expect(isSeasoning("olive oil", catalogue)).toBe(true);
    expect(isSeasoning("ground cumin", catalogue)).toBe(true);
    expect(isSeasoning("grandma's secret barbecue sauce", catalogue)).toBe(true);
    expect(isSeasoning("carrot", catalogue)).toBe(false);
    expect(isSeasoning("chicken breast", catalogue)).toBe(false);
  });
});

describe("source formats", () => {
  it.each([
    ["soup.json", "json"],
    ["Soup.HTML", "html"],
    ["soup.htm", "html"],
    ["soup.md", "markdown"],
    ["soup.markdown", "markdown"],
    ["soup.pdf", null],
    ["soup", null],
  ])("reads %s as %s", (fileName, format) => {
    expect(formatOfFileName(fileName)).toBe(format);
  });
});

const JSON_LD_PAGE = `<!doctype html><html><head><title>Soup</title>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
  {"@type":"WebPage","name":"Lentil soup page"},
  {"@type":["Recipe"],"name":"Red Lentil &amp; Carrot Soup","description":"<p>Warming and quick.</p>",
   "recipeCuisine":"Indian","recipeCategory":["Dinner","Soup"],"prepTime":"PT10M","cookTime":"PT25M",
   "recipeYield":["4","4 bowls"],"image":{"@type":"ImageObject","url":"https://example.com/soup.jpg"},
   "url":"https://example.com/lentil-soup",
   "recipeIngredient":["200 g red lentils","2 carrots, grated","1 tbsp olive oil","1 tsp ground cumin","1 litre water"],
   "recipeInstructions":[{"@type":"HowToSection","name":"Cook","itemListElement":[
     {"@type":"HowToStep","text":"Warm the oil and fry the cumin."},
     {"@type":"HowToStep","text":"Add lentils, carrots and water; simmer 25 minutes."}]}]}
]}</script></head><body></body></html>`;

describe("fromJsonLd", () => {
  it("keeps text like '&constructor;' as written: only HTML's own entities are decoded", () => {
    const page = JSON_LD_PAGE.replace("Red Lentil &amp; Carrot Soup", "Soup &constructor; &toString; &amp; bread");
    expect(draftOf(fromJsonLd(page)).name).toBe("Soup &constructor; &toString; & bread");
  });

  it("reads a Recipe from an HTML page's @graph, with sections of HowToSteps", () => {
    const draft = draftOf(fromJsonLd(JSON_LD_PAGE));
    expect(draft).toMatchObject({
      name: "Red Lentil & Carrot Soup",
      description: "Warming and quick.",
      cuisines: ["Indian"],
      occasions: ["Dinner"],
      prepTime: 10,
      cookingTime: 25,
      servings: 4,
      image: "https://example.com/soup.jpg",
      origin: "imported",
      sourceUrl: "https://example.com/lentil-soup",
      steps: ["Warm the oil and fry the cumin.", "Add lentils, carrots and water; simmer 25 minutes."],
    });
    expect(draft.ingredients[0]).toEqual({ name: "red lentils", quantity: "200 g" });
    expect(draft.ingredients[1]).toEqual({ name: "carrots", quantity: "2", note: "grated" });
    expect(draft.ingredients[2]).toMatchObject({ name: "olive oil", seasoning: true });
  });

  it("reads a bare JSON-LD document with text instructions and derives cook time from total time", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Toast",
      recipeIngredient: ["2 slices bread"],
      recipeInstructions: "Toast the bread.\nEat it.",
      prepTime: "PT2M",
      totalTime: "PT5M",
    });
    expect(draftOf(parseRecipeDocument(json, "json"))).toMatchObject({
      steps: ["Toast the bread.", "Eat it."],
      cookingTime: 3,
    });
  });

  it("says why a page cannot be imported", () => {
    expect(fromJsonLd("<html><body>No data</body></html>")).toEqual({ ok: false, reason: "no JSON-LD found" });
    expect(fromJsonLd('<script type="application/ld+json">{"@type":"Person","name":"Ann"}</script>')).toEqual({
      ok: false,
      reason: "no schema.org Recipe in the JSON-LD",
    });
    const noSteps = JSON.stringify({ "@type": "Recipe", name: "Air", recipeIngredient: ["1 cup air"] });
    expect(fromJsonLd(noSteps)).toEqual({ ok: false, reason: "no directions" });
  });

  it("reads a HowToStep made of HowToDirections, and the steps an ItemList holds in its ListItems", () => {
    const recipe = (recipeInstructions: unknown) =>
      JSON.stringify({ "@type": "Recipe", name: "Bread", recipeIngredient: ["500 g flour"], recipeInstructions });
    const directions = draftOf(
      fromJsonLd(
        recipe([
          {
            "@type": "HowToStep",
            name: "Make the dough",
            itemListElement: [
              { "@type": "HowToDirection", text: "Mix the flour and water." },
              { "@type": "HowToTip", text: "Use lukewarm water." },
              { "@type": "HowToDirection", text: "Knead for 10 minutes." },
            ],
          },
          { "@type": "HowToStep", itemListElement: [{ "@type": "HowToDirection", text: "Bake for 40 minutes." }] },
        ])
      )
    );
    expect(directions.steps).toEqual([
      "Make the dough",
      "Mix the flour and water. Knead for 10 minutes.",
      "Bake for 40 minutes.",
    ]);
    expect(directions.tips).toEqual(["Use lukewarm water."]);
    const listed = recipe({
      "@type": "ItemList",
      itemListElement: [
        { "@type": "ListItem", position: 1, item: { "@type": "HowToStep", text: "Mix." } },
        { "@type": "ListItem", position: 2, item: { "@type": "HowToStep", text: "Bake." } },
      ],
    });
    expect(draftOf(fromJsonLd(listed)).steps).toEqual(["Mix.", "Bake."]);
  });

  it("reads a HowToSupply's amount given apart, and the lines an ItemList holds in its ListItems", () => {
    const lines = (recipeIngredient: unknown) =>
      draftOf(
        fromJsonLd(
          JSON.stringify({ "@type": "Recipe", name: "Bread", recipeIngredient, recipeInstructions: ["Bake."] })
        )
      ).ingredients.map((line) => [line.quantity, line.name]);
    const supply = (name: string, requiredQuantity: unknown) => ({ "@type": "HowToSupply", name, requiredQuantity });
    expect(
      lines([supply("flour", { "@type": "QuantitativeValue", value: 500, unitText: "g" }), supply("salt", "1 tsp")])
    ).toEqual([
      ["500 g", "flour"],
      ["1 tsp", "salt"],
    ]);
    const items = ["500 g flour", "1 tsp salt"].map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item,
    }));
    expect(lines({ "@type": "ItemList", itemListElement: items })).toEqual([
      ["500 g", "flour"],
      ["1 tsp", "salt"],
    ]);
  });

  it("imports the first Recipe that has lines and steps, from a page or from a JSON file", () => {
    const teaser = { "@type": "Recipe", name: "More from our kitchen" };
    const soup = {
      "@type": "Recipe",
      name: "Leek soup",
      recipeIngredient: ["2 leeks, sliced"],
      recipeInstructions: ["Simmer the leeks."],
    };
    const page = `<script type="application/ld+json">${JSON.stringify(teaser)}</script>
      <script type="application/ld+json">${JSON.stringify(soup)}</script>`;
    expect(draftOf(fromJsonLd(page)).name).toBe("Leek soup");
    expect(draftOf(parseRecipeDocument(JSON.stringify([teaser, soup]), "json")).name).toBe("Leek soup");
    expect(fromJsonLd(JSON.stringify([teaser]))).toEqual({ ok: false, reason: "no ingredient lines" });
  });
});

describe("fromRecipeScrapers", () => {
  it("reads title, ingredients, instructions_list, yields and times in minutes", () => {
    const draft = draftOf(
      fromRecipeScrapers({
        title: "Pad Krapow",
        ingredients: ["300 g chicken thigh, minced", "2 tbsp fish sauce", "1 handful Thai basil"],
        instructions_list: ["Fry the chicken.", "Season and add basil."],
        yields: "2 servings",
        prep_time: 10,
        cook_time: 10,
        cuisine: "Thai",
        category: "Main Course,Quick",
        canonical_url: "https://example.org/krapow",
      })
    );
    expect(draft).toMatchObject({
      name: "Pad Krapow",
      servings: 2,
      prepTime: 10,
      cookingTime: 10,
      cuisines: ["Southeast Asian"],
      occasions: ["Dinner"],
    });
    expect(draft.ingredients[1]).toMatchObject({ name: "fish sauce", quantity: "2 tbsp", seasoning: true });
  });

  it("takes ingredients and instructions given as newline-separated text", () => {
    const draft = draftOf(
      fromRecipeScrapers({
        title: "Bowl",
        ingredients: "1 cup rice\n1 avocado",
        instructions: "Cook the rice.\nTop with avocado.",
      })
    );
    expect(draft.ingredients.map((line) => line.name)).toEqual(["rice", "avocado"]);
    expect(draft.steps).toEqual(["Cook the rice.", "Top with avocado."]);
  });

  it("refuses JSON of another shape", () => {
    expect(fromRecipeScrapers({ name: "x" })).toMatchObject({ ok: false });
  });
});

const MARKDOWN = `---
title: "Weeknight Fried Rice"
date: 2024-01-01
tags: ['thai', 'rice', 'dinner']
---

![Fried rice](/pix/fried-rice.webp)

Leftover rice becomes dinner in fifteen minutes.

- ⏲️ Prep time: 5 min
- 🍳 Cook time: 10 min
- 🍽️ Servings: 2

## Ingredients

### Rice

- 2 cups cooked rice
- 2 eggs

### Seasoning

- 1 tbsp soy sauce
- 1 tbsp vegetable oil

## Directions

1. Heat the oil in a [wok](/wok).
2. Scramble the eggs, then add the rice and **soy sauce**.

## Notes

Day-old rice fries best.
`;

describe("fromMarkdown", () => {
  it("reads front matter, times, servings, ingredients under sub-headings, directions and notes", () => {
    const draft = draftOf(fromMarkdown(MARKDOWN));
    expect(draft).toMatchObject({
      name: "Weeknight Fried Rice",
      description: "Leftover rice becomes dinner in fifteen minutes.",
      cuisines: ["Southeast Asian"],
      occasions: ["Dinner"],
      prepTime: 5,
      cookingTime: 10,
      servings: 2,
      steps: ["Heat the oil in a wok.", "Scramble the eggs, then add the rice and soy sauce."],
      tips: ["Day-old rice fries best."],
      image: null,
    });
    expect(draft.ingredients.map((line) => line.name)).toEqual(["cooked rice", "eggs", "soy sauce", "vegetable oil"]);
  });

  it("takes directions written as plain lines, one step per line", () => {
    const text =
      "---\ntitle: Quick Ricotta\n---\n## Ingredients\n\n- 1 l milk\n- 1 tsp salt\n\n## Directions\n\n### Heating\n\nHeat the milk to 90°C.\nAdd lemon juice and let it curdle.\n";
    expect(draftOf(fromMarkdown(text)).steps).toEqual(["Heat the milk to 90°C.", "Add lemon juice and let it curdle."]);
  });

  it("fails a page without an ingredients section", () => {
    expect(fromMarkdown("---\ntitle: About\n---\nJust text.")).toEqual({ ok: false, reason: "no ingredient lines" });
  });
});
