import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import { parseQuantity, splitLeadingQuantity } from "~/domain/quantity";
import {
  durationMinutes,
  fromHtmlPage,
  fromRecipeScrapers,
  NO_RECIPE_ON_PAGE,
  parseLenientJson,
  parseRecipeDocument,
  servingsOf,
  splitIngredientLine,
} from "~/domain/recipe-import";

function draftOf(result: ReturnType<typeof fromHtmlPage>) {
  if (!result.ok) throw new Error(`expected a draft, got: ${result.reason}`);
  return result.draft;
}

const ldPage = (json: string) =>
  `<html><head><script type="application/ld+json">${json}</script></head><body></body></html>`;

describe("durations and yields as pages write them", () => {
  it.each([
    ["P2H10M", 130],
    ["PT0D4H45M", 285],
    ["P1DT2H", 1560],
    ["PT1.5H", 90],
    ["PT90S", 2],
    [{ "@type": "Duration", value: "PT22H" }, 1320],
    [{ "@type": "QuantitativeValue", maxValue: "PT35M" }, 35],
    ["2 Std. 15 Min.", 135],
    ["P0D", null],
  ])("reads %o as %o minutes", (value, minutes) => {
    expect(durationMinutes(value)).toBe(minutes);
  });

  it.each([
    [{ "@type": "QuantitativeValue", value: 6, unitText: "servings" }, 6],
    ["Makes 12 cookies", 12],
    [["", "4 portions"], 4],
    ["Serves <b>3</b>", 3],
  ])("reads the yield %o as %o servings", (value, servings) => {
    expect(servingsOf(value)).toBe(servings);
  });
});

describe("JSON-LD as real pages write it", () => {
  const broken = `{
    "@context": "https://schema.org",
    "@graph": [{"@type": ["Recipe", "NewsArticle"], "name": "Slow Brisket",
      "recipeIngredient": "2 kg beef brisket\\n1 tbsp salt\\n<b>2</b> onions, sliced",
      "RecipeInstructions": [
        {"@type": "HowToSection", "name": "For the rub", "itemListElement": [{"@type": "HowToStep", "text": "Mix	the salt."}]},
        {"@type": "HowToSection", "name": "To cook", "itemListElement": [
          {"@type": "HowToStep", "text": "Rub the brisket."},
          {"@type": "HowToStep", "text": "Smoke it
overnight."},
        ]}
      ],
      "prepTime": "PT15M", "cookTime": "PT1H", "totalTime": "P0DT22H",
      "recipeYield": {"@type": "QuantitativeValue", "value": 8},
    }]
  }`;

  it("reads raw line breaks and tabs in strings, trailing commas, @graph, arrays of types and capitalised keys", () => {
    const draft = draftOf(fromHtmlPage(ldPage(broken)));
    expect(draft.name).toBe("Slow Brisket");
    expect(draft.ingredients.map((line) => line.name)).toEqual(["beef brisket", "salt", "onions"]);
    expect(draft.ingredients[2]).toMatchObject({ quantity: "2", note: "sliced" });
    expect(draft.steps).toEqual(["Mix the salt.", "Rub the brisket.", "Smoke it overnight."]);
    expect(draft.stepSections).toEqual(["For the rub", "To cook", "To cook"]);
    expect(draft).toMatchObject({ prepTime: 15, cookingTime: 60, totalTime: 1320, servings: 8 });
  });

  it("keeps no total time when it is just prep + cook", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Toast",
      recipeIngredient: ["1 slice bread"],
      recipeInstructions: "Toast it.",
      prepTime: "PT2M",
      cookTime: "PT3M",
      totalTime: "PT5M",
    });
    expect(draftOf(parseRecipeDocument(json, "json"))).toMatchObject({ totalTime: null, cookingTime: 3 });
  });

  it("takes ingredient group headings from the page around a flat JSON-LD list", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Tacos",
      recipeIngredient: ["4 tortillas", "200 g beef", "1 lime"],
      recipeInstructions: "Fill.\nServe.",
    });
    const html = `<html><head><script type="application/ld+json">${json}</script></head><body>
      <div class="wprm-recipe-ingredients-container"><h3>Ingredients 1x 2x</h3>
        <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">For the tacos</h4><ul><li>4 tortillas</li><li>200 g beef</li></ul></div>
        <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">To serve</h4><ul><li>1 lime</li></ul></div>
      </div></body></html>`;
    expect(draftOf(fromHtmlPage(html)).ingredients.map((line) => [line.name, line.section])).toEqual([
      ["tortillas", "For the tacos"],
      ["beef", "For the tacos"],
      ["lime", "To serve"],
    ]);
  });

  it("leaves out the lines of a group of equipment that the JSON-LD lists among the ingredients", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Potato gratin",
      recipeIngredient: ["3 medium russet potatoes", "1 1/2 cups heavy cream", "4- (8-ounce) Ramekins", "Baking Pan"],
      recipeInstructions: "Bake.",
    });
    const html = `<html><head><script type="application/ld+json">${json}</script></head><body>
      <div class="wprm-recipe-ingredients-container"><h3>Ingredients</h3>
        <div class="wprm-recipe-ingredient-group"><ul><li>3 medium russet potatoes</li><li>1 1/2 cups heavy cream</li></ul></div>
        <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Equipment Needed</h4><ul><li>4- (8-ounce) Ramekins</li><li>Baking Pan</li></ul></div>
      </div></body></html>`;
    expect(draftOf(fromHtmlPage(html)).ingredients.map((line) => line.name)).toEqual([
      "russet potatoes",
      "heavy cream",
    ]);
  });

  it("keeps recipe-scrapers ingredient groups as sections", () => {
    const draft = draftOf(
      fromRecipeScrapers({
        title: "Cake",
        ingredients: ["200 g flour", "100 g sugar"],
        ingredient_groups: [
          { purpose: "For the sponge", ingredients: ["200 g flour"] },
          { purpose: "Icing", ingredients: ["100 g sugar"] },
        ],
        instructions_list: ["Bake."],
      })
    );
    expect(draft.ingredients.map((line) => line.section)).toEqual(["For the sponge", "Icing"]);
  });
});

describe("microdata and RDFa", () => {
  it("reads a recipe only in microdata, with nested ingredient items and durations in attributes", () => {
    const html = `<html><body><div itemscope itemtype="http://schema.org/Recipe">
      <h1 itemprop="name">Salsa</h1><meta itemprop="totalTime" content="PT10M">
      <span itemprop="recipeYield">Serves 6</span>
      <ul><li itemprop="ingredient" itemscope itemtype="http://data-vocabulary.org/RecipeIngredient">
        <span itemprop="amount">1 can (28 ounce)</span> <span itemprop="name">whole tomatoes</span></li>
        <li itemprop="ingredient">1 clove garlic</li></ul>
      <div itemprop="recipeInstructions"><p>Blend everything.</p><p>Chill.</p></div>
    </div></body></html>`;
    const draft = draftOf(fromHtmlPage(html));
    expect(draft).toMatchObject({
      name: "Salsa",
      servings: 6,
      cookingTime: 10,
      steps: ["Blend everything.", "Chill."],
    });
    expect(draft.ingredients.map((line) => [line.quantity, line.name])).toEqual([
      ["1 can (28 ounce)", "whole tomatoes"],
      ["1 clove", "garlic"],
    ]);
  });

  it("reads line breaks in the page's source as spaces, as a browser shows them (epicurious)", () => {
    const html = `<div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Ramen</h1>
      <span itemprop="ingredients">1 pack
        ramen noodles</span>
      <div itemprop="recipeInstructions"><ol><li>
        Cook noodles according to
package directions. Drain.
      </li><li>Toss with
sauce.</li></ol></div></div>`;
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => [line.quantity, line.name])).toEqual([["1 pack", "ramen noodles"]]);
    expect(draft.steps).toEqual(["Cook noodles according to package directions. Drain.", "Toss with sauce."]);
  });

  it("reads RDFa", () => {
    const html = `<div vocab="https://schema.org/" typeof="Recipe"><h1 property="name">Tea</h1>
      <span property="recipeIngredient">1 tea bag</span><span property="recipeIngredient">250 ml water</span>
      <p property="recipeInstructions">Steep for 3 minutes.</p></div>`;
    expect(draftOf(fromHtmlPage(html)).ingredients.map((line) => line.name)).toEqual(["tea bag", "water"]);
  });

  it("says what it looked for when a page has no recipe", () => {
    expect(fromHtmlPage("<html><body><h1>About us</h1></body></html>")).toEqual({
      ok: false,
      reason: NO_RECIPE_ON_PAGE,
    });
    expect(NO_RECIPE_ON_PAGE).toMatch(/JSON-LD, microdata and RDFa, and for an Ingredients heading over a list/);
  });
});

describe("a recipe only in the page's JavaScript data", () => {
  const recipe = {
    "@context": "https://schema.org/",
    "@type": "Recipe",
    name: "Charred Red Sauce Spaghetti",
    recipeYield: "6 servings",
    recipeIngredient: ["3 cups boiling water", "12 ounces spaghetti"],
    recipeInstructions: [{ "@type": "HowToStep", text: "Combine the water & {the} paste." }],
  };

  it("reads the JSON-LD a Next.js page streams as a string (177milkstreet)", () => {
    const streamed = JSON.stringify(["1", JSON.stringify(recipe, null, 2)]).slice(1, -1);
    const html = `<html><body><h1>Charred Red Sauce Spaghetti</h1><script>self.__next_f.push([1,"19:Tf43,"])</script>
      <script>self.__next_f.push([${streamed}])</script></body></html>`;
    const draft = draftOf(fromHtmlPage(html));
    expect(draft).toMatchObject({ name: "Charred Red Sauce Spaghetti", servings: 6 });
    expect(draft.ingredients.map((line) => [line.quantity, line.name])).toEqual([
      ["3 cups", "boiling water"],
      ["12 ounces", "spaghetti"],
    ]);
    expect(draft.steps).toEqual(["Combine the water & {the} paste."]);
  });

  it("reads a Recipe object in a script's state, with code after it", () => {
    const html = `<script>window.__INITIAL_STATE__ = {"page":{"id":3,"recipe":${JSON.stringify(recipe)}}};
      window.ready = function () { return {}; };</script>`;
    expect(draftOf(fromHtmlPage(html)).ingredients).toHaveLength(2);
  });

  it("takes what a JSON-LD Recipe leaves out from the same recipe in the page's script data, keeping the JSON-LD's fields", () => {
    // a shop's page: its JSON-LD names the recipe and its time, its app state holds the lists
    const teaser = { "@type": "Recipe", name: "Spaghetti in red sauce", totalTime: "PT35M", recipeYield: "4" };
    const state = `<script id="__NEXT_DATA__" type="application/json">{"props":{"recipe":${JSON.stringify(
      recipe
    )}}}</script>`;
    const draft = draftOf(fromHtmlPage(`${ldPage(JSON.stringify(teaser))}${state}`));
    expect(draft).toMatchObject({ name: "Spaghetti in red sauce", cookingTime: 35, servings: 4 });
    expect(draft.ingredients.map((line) => line.name)).toEqual(["boiling water", "spaghetti"]);
    expect(draft.steps).toEqual(["Combine the water & {the} paste."]);

    // only the part it lacks: the JSON-LD's own lines stay
    const noSteps = { ...recipe, recipeIngredient: ["1 pound linguine"], recipeInstructions: undefined };
    const mixed = draftOf(fromHtmlPage(`${ldPage(JSON.stringify(noSteps))}${state}`));
    expect(mixed.ingredients.map((line) => line.name)).toEqual(["linguine"]);
    expect(mixed.steps).toEqual(["Combine the water & {the} paste."]);
  });

  it("prefers the page's own JSON-LD, and says what it looked for when the scripts hold no recipe", () => {
    const html = `${ldPage(JSON.stringify({ ...recipe, name: "From JSON-LD" }))}<script>x = ${JSON.stringify(
      recipe
    )}</script>`;
    expect(draftOf(fromHtmlPage(html)).name).toBe("From JSON-LD");
    expect(fromHtmlPage(`<script>x = {"@type":"Recipe", broken</script>`)).toEqual({
      ok: false,
      reason: NO_RECIPE_ON_PAGE,
    });
  });
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/recipe-pages/${name}`, import.meta.url), "utf8");

describe("pages without schema.org data", () => {
  // kitchenaid.com.au (dev half): JSON-LD without lists, times or yield; the page shows them
  const bunsPage = `<html><head><script type="application/ld+json">{"@type": "Recipe", "name": "Hot Cross Buns"}</script></head>
    <body><div class="summary"><ul><li><strong>Makes</strong> <p>12 servings</p></li>
      <li><strong>Prep &amp; Cook Time</strong> <p>1 hour 20 minutes</p></li></ul></div>
    <h2>Ingredients</h2><ul><li>4 cups plain flour</li><li>2 eggs</li></ul><p> </p>
    <h2>Crosses</h2><ul><li>4 Tbs water</li></ul>
    <h2>Glaze</h2><ul><ul><li>1/3 cup sugar</li></ul></ul>
    <h2>Method</h2><ol><li>Mix and knead.</li><li>Bake for 20 minutes.</li></ol>
    <ul class="tags"><li><a href="/recipes">Recipes</a></li><li> <a href="/dessert">Dessert</a> </li></ul></body></html>`;

  it("ends the steps under a paragraph heading where its container ends, and reads a heading with a full stop (Thermomix blogs)", () => {
    const html = `<h1>Pan de espelta</h1><div class="post"><p>Un pan muy rico.</p><p>Ingredientes:</p>
      <p>350 g de agua<br>500 g de harina de espelta</p><p><b><u>Preparación</u></b>.</p>
      <p>1. Pon el agua en el vaso.</p><p>2. Hornea 20 minutos.</p></div>
      <div class="exporter"><p>EXPORTAR LA RECETA A TU COOKIDOO®</p><p>Copia la URL de la receta.</p></div>
      <div class="related"><p>Pan integral con semillas</p><p>Pamplona</p></div>`;
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => line.name)).toEqual(["agua", "harina de espelta"]);
    expect(draft.steps).toEqual(["1. Pon el agua en el vaso.", "2. Hornea 20 minutos."]);
  });

  it("reads on past a paragraph heading's container when the list is in the next block (Squarespace)", () => {
    const html = `<h1>Sugar-Plums</h1><div class="block"><p><strong>Ingredients:</strong></p></div>
      <div class="block"><ul><li>40 glacé cherries</li></ul><p><strong>Coating</strong></p><ul><li>4 tablespoons water</li></ul>
      <p><strong>Method</strong></p><ol><li>Dip the cherries.</li></ol></div>`;
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => [line.name, line.section ?? null])).toEqual([
      ["glacé cherries", null],
      ["water", "Coating"],
    ]);
  });

  it("reads a list under a heading as high as Ingredients, before the method, as a group of the ingredients", () => {
    expect(draftOf(fromHtmlPage(bunsPage)).ingredients.map((line) => [line.name, line.section ?? null])).toEqual([
      ["plain flour", null],
      ["eggs", null],
      ["water", "Crosses"],
      ["sugar", "Glaze"],
    ]);
  });

  it("takes no step from a list item that is only a link (the page's tags)", () => {
    expect(draftOf(fromHtmlPage(bunsPage)).steps).toEqual(["Mix and knead.", "Bake for 20 minutes."]);
  });

  it("takes the yield from the page's label when the JSON-LD gives none (Thermomix blogs, panelinha)", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Crema",
      recipeIngredient: ["200 g de calabaza", "1 puerro"],
      recipeInstructions: ["Triturar.", "Servir."],
      recipeYield: "",
    });
    const page = (label: string) =>
      `<html><head><script type="application/ld+json">${json}</script></head><body>${label}</body></html>`;
    const thermomix = '<div><p class="x">Ración para<!-- -->:</p><p class="y">1 personas</p></div>';
    expect(draftOf(fromHtmlPage(page(thermomix))).servings).toBe(1);
    expect(draftOf(fromHtmlPage(page("<dl><div><dt>Serve</dt><dd>Até 4 porções</dd></div></dl>"))).servings).toBe(4);
    expect(draftOf(fromHtmlPage(page("<p>Serve the soup hot.</p>"))).servings).toBeNull();
  });

  it("takes yield and times from the page's labels when the JSON-LD leaves them out", () => {
    // "Prep & Cook Time" is the whole time, not the preparation
    const draft = draftOf(fromHtmlPage(bunsPage));
    expect(draft).toMatchObject({ servings: 12, prepTime: null });
    expect((draft.prepTime ?? 0) + (draft.cookingTime ?? 0) + (draft.totalTime ?? 0)).toBe(80);
  });

  it("reads the list under an Ingredients heading and the steps under Method, with group headings", () => {
    const draft = draftOf(fromHtmlPage(fixture("plain-headings-and-lists.html")));
    expect(draft.name).toBe("Red lentil soup");
    expect(draft.image).toBe("https://example.org/photos/lentil-soup.jpg");
    expect(draft).toMatchObject({ servings: 4, prepTime: 10, cookingTime: 50 });
    expect(draft.ingredients.map((line) => [line.name, line.section])).toEqual([
      ["red lentils", "For the soup"],
      ["carrots", "For the soup"],
      ["onion", "For the soup"],
      ["yoghurt", "To serve"],
      ["salt", "To serve"],
    ]);
    expect(draft.steps).toEqual([
      "Soften the onion and carrots in a little oil.",
      "Add the lentils and 1 litre of water; simmer for 25 minutes.",
      "Blend, season and serve with the yoghurt.",
    ]);
  });

  it("reads bold headings over paragraphs, labels with their value beside them, and the title from og:title", () => {
    const draft = draftOf(fromHtmlPage(fixture("plain-paragraphs.html")));
    expect(draft.name).toBe("Apfelpfannkuchen");
    expect(draft).toMatchObject({ servings: 4, cookingTime: 40 });
    const lines = draft.ingredients.map((line) => `${line.quantity} ${line.name}`);
    expect(lines).toEqual(["2 Äpfel", "3 Eier", "200 g Mehl"]);
    expect(draft.steps).toEqual([
      "Die Äpfel in Scheiben schneiden.",
      "Eier und Mehl verrühren und die Äpfel in der Pfanne mit dem Teig backen.",
    ]);
  });

  it("takes the steps the page shows when its JSON-LD leaves them out", () => {
    const draft = draftOf(fromHtmlPage(fixture("json-ld-without-steps.html")));
    expect(draft).toMatchObject({ name: "Pan bagnat", servings: 2 });
    expect(draft.steps).toEqual(["Split the loaf and fill it.", "Press it under a weight for an hour."]);
  });

  describe("the ingredient list the page shows, when it says more than its JSON-LD", () => {
    const page = (data: string[], shown: string) =>
      `${ldPage(
        JSON.stringify({ "@type": "Recipe", name: "Cake", recipeIngredient: data, recipeInstructions: "Bake." })
      )}` + `<h2>Ingredients</h2>${shown}<h2>Method</h2><p>Bake.</p>`;
    const lines = (html: string) =>
      draftOf(fromHtmlPage(html)).ingredients.map((line) => [line.quantity, line.name, line.section ?? null]);

    it("takes a second group the JSON-LD leaves out", () => {
      const html = page(
        ["250 g flour", "2  tsp soda"],
        "<ul><li>250 g flour</li><li>2 tsp soda</li></ul><h3>For the filling</h3><ul><li>350 ml milk</li></ul>"
      );
      expect(lines(html)).toEqual([
        ["250 g", "flour", null],
        ["2 tsp", "soda", null],
        ["350 ml", "milk", "For the filling"],
      ]);
    });

    it("takes the amounts the JSON-LD leaves out", () => {
      const html = page(
        ["Knoblauchzehe", "Speck"],
        "<ul><li>1 Stück Knoblauchzehe</li><li>18 Scheiben Speck</li></ul>"
      );
      expect(lines(html)).toEqual([
        ["1 Stück", "Knoblauchzehe", null],
        ["18 Scheiben", "Speck", null],
      ]);
    });

    it("keeps the JSON-LD's lines when the page's list adds only what follows it, or differs", () => {
      const data = ["500 g mascarpone", "cocoa"];
      expect(
        lines(page(data, "<ul><li>500 g mascarpone</li><li>cocoa</li><li>Baking dish (24 x 19 cm)</li></ul>"))
      ).toEqual([
        ["500 g", "mascarpone", null],
        ["", "cocoa", null],
      ]);
      expect(lines(page(data, "<ul><li>500 g ricotta</li><li>1 tbsp cocoa</li></ul>"))).toEqual([
        ["500 g", "mascarpone", null],
        ["", "cocoa", null],
      ]);
      const amountsFirst = page(
        ["ziemniaki", "cebula"],
        "<ul><li>1 kilogram</li><li>ziemniaki</li><li>1 sztuka</li><li>cebula</li></ul>"
      );
      expect(lines(amountsFirst)).toEqual([
        ["", "ziemniaki", null],
        ["", "cebula", null],
      ]);
    });

    it("joins each amount the page prints as an item of its own after its name", () => {
      const apart = page(
        ["ziemniaki", "cebula", "sól"],
        "<ul><li>ziemniaki</li><li>1 kilogram</li><li>cebula</li><li>1 sztuka</li><li>sól</li><li>1 szczypta</li></ul>"
      );
      expect(lines(apart)).toEqual([
        ["1 kilogram", "ziemniaki", null],
        ["1 sztuka", "cebula", null],
        ["1 szczypta", "sól", null],
      ]);
    });

    // A cook wrote "1 red onion, sliced (not too thin)" and the page shows it; the data kept only "sliced", and a
    // cook who follows the imported line slices the onion too thin.
    it("takes a note in brackets the JSON-LD drops, but not a long remark the data leaves to the page", () => {
      const html = page(
        ["1 red onion, sliced", "1 24-ounce jar tomato sauce"],
        "<ul><li>1 red onion, sliced (not too thin)</li>" +
          "<li>1 24-ounce jar tomato sauce (or 1.5 jars of <a href='/s'>our sauce</a>)</li></ul>"
      );
      expect(draftOf(fromHtmlPage(html)).ingredients.map((line) => line.note)).toEqual([
        "sliced, not too thin",
        "or 1.5 jars of our sauce",
      ]);
      const remark =
        "(the range is based on the saltiness of your butter; I used a heaping 1/4 teaspoon; use less with sea salt)";
      const long = page(["1/4 teaspoon kosher salt"], `<ul><li>1/4 teaspoon kosher salt ${remark}</li></ul>`);
      expect(lines(long)).toEqual([["1/4 teaspoon", "kosher salt", null]]);
      expect(draftOf(fromHtmlPage(long)).ingredients[0].note).toBeUndefined();
    });

    // The data lists the sauce group before the batter, the page shows the chicken first, then the sauce and the
    // batter: every data line is on the page word for word, so the page's three groups are the recipe.
    it("takes the page's groups when it lists every JSON-LD line word for word in another order, and more", () => {
      const html = page(
        ["3 tablespoons soy sauce", "2 tablespoons water", "1/4 cup potato starch", "1 teaspoon chili flakes"],
        "<ul><li>1 pound chicken thighs</li><li>1/2 teaspoon salt</li></ul>" +
          "<h3>For sauce:</h3><ul><li>1 teaspoon chili flakes</li><li>3 tablespoons soy sauce</li>" +
          "<li>2 tablespoons water</li></ul><h3>For batter:</h3><ul><li>1/4 cup potato starch</li></ul>"
      );
      expect(lines(html)).toEqual([
        ["1 pound", "chicken thighs", null],
        ["1/2 teaspoon", "salt", null],
        ["1 teaspoon", "chili flakes", "For sauce"],
        ["3 tablespoons", "soy sauce", "For sauce"],
        ["2 tablespoons", "water", "For sauce"],
        ["1/4 cup", "potato starch", "For batter"],
      ]);
      // a page list that leaves a data line out, or says it otherwise, is not taken
      const other = page(
        ["3 tablespoons soy sauce", "2 tablespoons water"],
        "<ul><li>1 pound chicken thighs</li><li>2 tablespoons water</li><li>3 tbsp soy sauce</li></ul>"
      );
      expect(lines(other)).toEqual([
        ["3 tablespoons", "soy sauce", null],
        ["2 tablespoons", "water", null],
      ]);
    });

    // A cooking-machine site's data stops after the first 6 of its 12 lines; the page's one list runs on with
    // "150 ml Gemüsefond", "250 ml Milch": a cook following the data would leave out half the sauce.
    it("takes the lines the page's list runs on with after the data's last, when each starts with a weight or volume", () => {
      const html = page(
        ["90 g Parmesan", "1 Zwiebel", "30 g Butter"],
        "<ul><li>90 g Parmesan</li><li>1 Zwiebel</li><li>30 g Butter</li><li>150 ml Gemüsefond</li>" +
          "<li>0,25 TL schwarzer Pfeffer, aus der Mühle</li><li>800 g Gnocchi</li></ul>"
      );
      expect(lines(html).map(([quantity, name]) => `${quantity} ${name}`)).toEqual([
        "90 g Parmesan",
        "1 Zwiebel",
        "30 g Butter",
        "150 ml Gemüsefond",
        "0,25 TL schwarzer Pfeffer",
        "800 g Gnocchi",
      ]);
      // equipment or a count after the data's last line is the page's next block, not a line
      const equipment = page(
        ["90 g Parmesan"],
        "<ul><li>90 g Parmesan</li><li>150 ml Milch</li><li>1 large pot</li></ul>"
      );
      expect(lines(equipment)).toEqual([["90 g", "Parmesan", null]]);
    });

    it("reads a group heading followed by an invisible separator as a heading", () => {
      const html = page(
        ["1 tbsp oil", "1 tbsp oyster sauce"],
        "<ul><li>1 tbsp oil</li><li>Seasoning:\u2063</li><li>1 tbsp oyster sauce</li></ul>"
      );
      expect(lines(html)).toEqual([
        ["1 tbsp", "oil", null],
        ["1 tbsp", "oyster sauce", "Seasoning"],
      ]);
    });
  });

  it('drops a step label and the bar or dash after it ("STEP 1 | Preheat")', () => {
    const html =
      "<h1>Slice</h1><h2>Ingredients</h2><ul><li>2 eggs</li></ul><h2>Method</h2>" +
      "<p><strong>STEP 1 </strong>| Preheat the oven.</p><p>Step 2 – Bake for 30 minutes.</p>" +
      "<p>NOTE | the eggs can be left out.</p>";
    expect(draftOf(fromHtmlPage(html)).steps).toEqual(["Preheat the oven.", "Bake for 30 minutes."]);
  });

  it('reads "Zutaten für 6 Kugeln", "Ingredients (4 servings)" as the Ingredients heading (aldi-suisse)', () => {
    const list = (heading: string) =>
      `<h1>Bombs</h1><p><b>${heading}</b></p><ul><li>1 Stück Knoblauchzehe</li></ul><h2>Zubereitung</h2><p>Mischen.</p>`;
    for (const heading of ["Zutaten für 6 Kugeln", "Ingredients (4 servings)", "Ingrédients pour 6 personnes"]) {
      expect(draftOf(fromHtmlPage(list(heading))).ingredients.map((line) => line.quantity)).toEqual(["1 Stück"]);
    }
    expect(fromHtmlPage(list("Zutaten für die Füllung"))).toEqual({ ok: false, reason: "no ingredient lines" });
  });

  it("keeps the first of the same list in other units, and a list split in two columns whole (lovefood)", () => {
    const page = (lists: string[][]) =>
      "<h1>Shortbread</h1><h3>Ingredients</h3>" +
      lists.map((lines) => `<ul>${lines.map((line) => `<li>${line}</li>`).join("")}</ul>`).join("") +
      "<h3>Details</h3><ul><li>Cuisine: British</li></ul><h3>Step-by-step</h3><ol><li>Bake.</li></ol>";
    const metric = ["85 g butterscotch candies", "200 g unsalted butter, softened", "25 g cornflour"];
    const imperial = ["3 oz butterscotch candies", "7.1 oz unsalted butter, softened", "0.9 oz cornflour"];
    const cups = ["3 oz butterscotch candies", "7.1 oz unsalted butter, softened", "0.9 oz cornstarch"];
    const names = (lists: string[][]) => draftOf(fromHtmlPage(page(lists))).ingredients.map((line) => line.quantity);
    expect(names([metric, imperial, cups])).toEqual(["85 g", "200 g", "25 g"]);
    const halves = [
      ["2 eggs", "1 cup milk", "1 tsp salt"],
      ["200 g flour", "1 tbsp sugar", "50 g butter"],
    ];
    expect(names(halves)).toEqual(["2", "1 cup", "1 tsp", "200 g", "1 tbsp", "50 g"]);
  });

  it('reads the steps under a "Step-by-step" heading (lovefood)', () => {
    const html =
      "<h1>Shortbread</h1><h3>Ingredients</h3><ul><li>200 g butter</li></ul>" +
      "<h3>Step-by-step</h3><ol><li>Line two baking trays.</li><li>Bake.</li></ol>";
    expect(draftOf(fromHtmlPage(html)).steps).toEqual(["Line two baking trays.", "Bake."]);
  });

  it("still refuses a page whose lists are not under recipe headings", () => {
    const html = "<h1>Shop</h1><h2>Categories</h2><ul><li>Pans</li><li>Knives</li></ul>";
    expect(fromHtmlPage(html)).toEqual({ ok: false, reason: NO_RECIPE_ON_PAGE });
  });

  it("reads a page of thousands of nested, unclosed blocks in time proportional to its size", () => {
    const nested = "<div><span><b>x".repeat(20_000);
    const html = `<h2>Ingredients</h2>${nested}<ul><li>1 egg</li></ul><h2>Method</h2><p>Boil it.</p>`;
    const started = performance.now();
    const result = fromHtmlPage(html);
    // about 0.5 s on a quiet core and 2.6 s on a loaded one; a quadratic reading of 20,000 levels takes minutes
    expect(performance.now() - started).toBeLessThan(8_000);
    expect(result.ok ? result.draft.name : result.reason).toMatch(/no recipe name|no recipe we can read/);
  });
});

describe("steps and text as pages write them", () => {
  const oneLineRecipe = (line: string, steps: string) =>
    draftOf(
      parseRecipeDocument(
        JSON.stringify({ "@type": "Recipe", name: "One", recipeIngredient: [line], recipeInstructions: steps }),
        "json"
      )
    );

  it("keeps a step's own title before its text, but not a number, a one-word tag in small letters or the text cut short", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Tomatoes",
      recipeIngredient: ["4 tomatoes"],
      recipeInstructions: [
        { "@type": "HowToStep", name: "Blister the tomatoes", text: "Sear them in a hot pan." },
        { "@type": "HowToStep", name: "Step 2", text: "Salt them." },
        { "@type": "HowToStep", name: "Serve them on...", text: "Serve them on toast." },
        { "@type": "HowToStep", name: "rest", text: "Leave them for 5 minutes." },
        // rezeptwelt: the name cut from the text where its paragraphs met, without their space
        { "@type": "HowToStep", name: "Salat1. Wa...", text: "<p>Salat</p><p>1. Wasser aufkochen.</p>" },
      ],
    });
    expect(draftOf(parseRecipeDocument(json, "json")).steps).toEqual([
      "Blister the tomatoes",
      "Sear them in a hot pan.",
      "Salt them.",
      "Serve them on toast.",
      "Leave them for 5 minutes.",
      "Salat 1. Wasser aufkochen.",
    ]);
  });

  it("leaves out a step section's heading that only says these are the steps", () => {
    const section = (name: string, text: string) => ({
      "@type": "HowToSection",
      name,
      itemListElement: [{ "@type": "HowToStep", text }],
    });
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Hackbraten",
      recipeIngredient: ["500 g Hackfleisch"],
      recipeInstructions: [section("Zubereitung", "Alles verkneten."), section("Für die Soße:", "Sahne erhitzen.")],
    });
    const draft = draftOf(parseRecipeDocument(json, "json"));
    expect(draft.steps).toEqual(["Alles verkneten.", "Sahne erhitzen."]);
    expect(draft.stepSections).toEqual([null, "Für die Soße"]);
  });

  it('keeps a section of notes and a HowToTip as tips, not steps (kuchnia-domowa\'s "Uwaga:", a HowToSection "Notes")', () => {
    const microdata = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Mizeria</h1>
      <span itemprop="recipeIngredient">600 g ogórków</span>
      <div itemprop="recipeInstructions"><ol><li>Ogórki pokroić.</li><li>Wymieszać.</li></ol>
        <div id="recipe-remarks"><p>Uwaga:</p><p>*Wybierzcie nieduże ogórki.</p></div></div></div>`;
    expect(draftOf(fromHtmlPage(microdata))).toMatchObject({
      steps: ["Ogórki pokroić.", "Wymieszać."],
      tips: ["*Wybierzcie nieduże ogórki."],
    });
    const mizeria = (recipeInstructions: unknown[]) =>
      draftOf(
        parseRecipeDocument(
          JSON.stringify({
            "@type": "Recipe",
            name: "Mizeria",
            recipeIngredient: ["600 g ogórków"],
            recipeInstructions,
          }),
          "json"
        )
      );
    const step = (text: string) => ({ "@type": "HowToStep", text });
    const notes = { "@type": "HowToSection", name: "Notes", itemListElement: [step("Use small ones.")] };
    expect(mizeria([step("Ogórki pokroić."), notes])).toMatchObject({
      steps: ["Ogórki pokroić."],
      tips: ["Use small ones."],
    });
    const tip = { "@type": "HowToTip", text: "Nie za cienko." };
    expect(mizeria([step("Ogórki pokroić."), tip, step("Wymieszać.")])).toMatchObject({
      steps: ["Ogórki pokroić.", "Wymieszać."],
      tips: ["Nie za cienko."],
    });
  });

  it("keeps each HowToStep one step, its line breaks only wrapping it, as recipe-scrapers reads it", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Gazpacho",
      recipeIngredient: ["1 cucumber"],
      recipeInstructions: [
        { "@type": "HowToStep", text: "Wash the vegetables.\nPeel the cucumber. Seed the pepper." },
        {
          "@type": "HowToStep",
          text: "Put the flour,\nsugar and cocoa in a bowl and whisk until smooth.<br>When no lumps\nremain, add the milk.",
        },
      ],
    });
    expect(draftOf(parseRecipeDocument(json, "json")).steps).toEqual([
      "Wash the vegetables. Peel the cucumber. Seed the pepper.",
      "Put the flour, sugar and cocoa in a bowl and whisk until smooth. When no lumps remain, add the milk.",
    ]);
  });

  it("reads each item of a list of texts as one line or step, and a list of one text split at its line breaks", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Pancakes",
      recipeIngredient: ["200 g flour\n(plain)", "2 eggs"],
      recipeInstructions: ["Whisk the flour,\neggs and milk.", "Fry in butter."],
    });
    const draft = draftOf(parseRecipeDocument(json, "json"));
    expect(draft.ingredients.map((line) => [line.quantity, line.name, line.note ?? ""])).toEqual([
      ["200 g", "flour", "plain"],
      ["2", "eggs", ""],
    ]);
    expect(draft.steps).toEqual(["Whisk the flour, eggs and milk.", "Fry in butter."]);
    const joined = JSON.stringify({
      "@type": "Recipe",
      name: "Pancakes",
      recipeIngredient: ["200 g flour\n2 eggs"],
      recipeInstructions: ["Whisk.\nFry."],
    });
    const one = draftOf(parseRecipeDocument(joined, "json"));
    expect(one.ingredients.map((line) => line.name)).toEqual(["flour", "eggs"]);
    expect(one.steps).toEqual(["Whisk.", "Fry."]);
  });

  it("reads an ingredient given as a PropertyValue as its amount, unit and name", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Porridge",
      recipeIngredient: [
        { "@type": "PropertyValue", value: 80, unitText: "g", name: "rolled oats" },
        { "@type": "PropertyValue", value: "1", name: "banana" },
      ],
      recipeInstructions: "Cook.",
    });
    expect(draftOf(parseRecipeDocument(json, "json")).ingredients.map((line) => [line.quantity, line.name])).toEqual([
      ["80 g", "rolled oats"],
      ["1", "banana"],
    ]);
  });

  const oneLongStep = [
    "Für die Bratlinge die Kichererbsen abspülen und abtropfen lassen, den Knoblauch pellen und fein schneiden.",
    "Kichererbsen, Knoblauch und Petersilie in ein hohes Rührgefäß geben und mit dem Pürierstab fein pürieren.",
    "Die Masse zu kleinen Bratlingen formen und in einer Pfanne von beiden Seiten goldbraun braten.",
  ];

  it("takes the page's list of steps when its JSON-LD runs them into one long step", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Bratlinge",
      recipeIngredient: ["500 g Kichererbsen"],
      recipeInstructions: oneLongStep.join(" "),
    });
    const shown = oneLongStep.map((step, index) => `<li>${index + 1} ${step}</li>`).join("");
    const page = `${ldPage(json)}<h2>Zubereitung</h2><ol>${shown}<li>2387 kJ Energie</li></ol>`;
    expect(draftOf(fromHtmlPage(page)).steps).toEqual(oneLongStep);
  });

  it("splits one long step where its sentences were run together, and leaves other long steps whole", () => {
    const glued = {
      "@type": "Recipe",
      name: "Bratlinge",
      recipeIngredient: ["500 g Kichererbsen"],
      recipeInstructions: oneLongStep.join(""),
    };
    expect(draftOf(fromHtmlPage(ldPage(JSON.stringify(glued)))).steps).toEqual(oneLongStep);
    const spaced = { ...glued, recipeInstructions: oneLongStep.join(" ") };
    expect(draftOf(fromHtmlPage(ldPage(JSON.stringify(spaced)))).steps).toEqual([oneLongStep.join(" ")]);
    const twoSteps = { ...glued, recipeInstructions: [oneLongStep.join(""), "Servieren."] };
    expect(draftOf(fromHtmlPage(ldPage(JSON.stringify(twoSteps)))).steps).toEqual([oneLongStep.join(""), "Servieren."]);
  });

  it("splits one long step before the step numbers it carries (bigoven), when they run 1, 2, 3", () => {
    const numbered = oneLongStep.map((step, index) => `${index + 1}. ${step}`);
    const recipe = {
      "@type": "Recipe",
      name: "Bratlinge",
      recipeIngredient: ["500 g Kichererbsen"],
      recipeInstructions: `Vorbereiten: ${numbered.join("  ")}`,
    };
    expect(draftOf(fromHtmlPage(ldPage(JSON.stringify(recipe))))).toMatchObject({
      steps: numbered,
      stepSections: ["Vorbereiten", "Vorbereiten", "Vorbereiten"],
    });
    const outOfOrder = { ...recipe, recipeInstructions: `${numbered[0]} Bei 2. Stufe braten. ${oneLongStep[2]}` };
    expect(draftOf(fromHtmlPage(ldPage(JSON.stringify(outOfOrder)))).steps).toHaveLength(1);
  });

  it("takes formatting tags out without a space, and other tags with one", () => {
    const draft = oneLineRecipe(
      "1 colher (chá) de AJI-NO-MOTO<sup>&reg;</sup>",
      "Junte o sal e o <b>aji-no-moto</b><sup>&reg;</sup>, e mexa."
    );
    expect(draft.ingredients[0].name).toBe("AJI-NO-MOTO®");
    expect(draft.steps).toEqual(["Junte o sal e o aji-no-moto®, e mexa."]);
    const page =
      "<h1>Bacalao</h1><h2>Ingredientes</h2><ul><li><span>1</span><span>cup</span> <span>rice</span></li></ul>" +
      "<h2>Preparación</h2><ol><li>Programe <strong>5 min/vel cuchara</strong>. Sirva.</li></ol>";
    const plain = draftOf(fromHtmlPage(page));
    expect(plain.ingredients.map((line) => [line.quantity, line.name])).toEqual([["1 cup", "rice"]]);
    expect(plain.steps).toEqual(["Programe 5 min/vel cuchara. Sirva."]);
  });

  it("decodes accented letters written as named entities", () => {
    const draft = oneLineRecipe("1 l&ouml;k", "Faites revenir &agrave; feu doux, 180 &ordm;C.\u200b");
    expect(draft.ingredients[0].name).toBe("lök");
    expect(draft.steps).toEqual(["Faites revenir à feu doux, 180 ºC."]);
  });

  it("decodes the other named entities pages use: fractions, ligatures, quotes, soft hyphens", () => {
    const draft = oneLineRecipe(
      "&frac23; cup cr&egrave;me fra&icirc;che",
      "Battre les 2 &oelig;ufs &laquo;&thinsp;mousseux&thinsp;&raquo; &ndash; 5&nbsp;min, lar&shy;ge."
    );
    expect(draft.ingredients[0]).toMatchObject({ quantity: "⅔ cup", name: "crème fraîche" });
    expect(draft.steps).toEqual(["Battre les 2 œufs « mousseux » – 5 min, large."]);
  });
});

describe("ingredient lines", () => {
  it.each([
    ["100g/3½oz butter, softened", { quantity: "100g/3½oz", name: "butter", note: "softened" }],
    ["1 cup (240 ml) whole milk", { quantity: "1 cup (240 ml)", name: "whole milk" }],
    ["2 pound(s) ground beef", { quantity: "2 pound(s)", name: "ground beef" }],
    ["150gr pompoenblokjes", { quantity: "150gr", name: "pompoenblokjes" }],
    ["2ks vajce", { quantity: "2ks", name: "vajce" }],
    ["2-3 large eggs", { quantity: "2-3 large", name: "eggs" }],
    ["1 9-inch pie crust", { quantity: "1", name: "9-inch pie crust" }],
    ["1 and 1/2 cups cooked broccoli", { quantity: "1 and 1/2 cups", name: "cooked broccoli" }],
    ["1 tsp vanilla extract", { quantity: "1 tsp", name: "vanilla extract" }],
    ["1 tablespoon Dijon mustard", { quantity: "1 tablespoon", name: "Dijon mustard" }],
    ["¼ tsp clove", { quantity: "¼ tsp", name: "clove" }],
    ["2 c. à soupe de menthe fraîche", { quantity: "2 c. à soupe", name: "menthe fraîche" }],
    [
      "1 orange (zest and juice (about 80 ml))",
      { quantity: "1", name: "orange", note: "zest and juice (about 80 ml)" },
    ],
    ["500.0 g Kichererbse, gegart", { quantity: "500 g", name: "Kichererbse", note: "gegart" }],
    ["2.00 cups flour", { quantity: "2 cups", name: "flour" }],
    ["1.000 g Mehl", { quantity: "1.000 g", name: "Mehl" }],
    ["1.5 kg Kartoffeln", { quantity: "1.5 kg", name: "Kartoffeln" }],
    ["2 sztuki jajka", { quantity: "2 sztuki", name: "jajka" }],
    // recipe-scrapers' lines (bonappetit, nytimes, bbcgoodfood style)
    ["1⁄4 tsp. freshly ground black pepper", { quantity: "1⁄4 tsp.", name: "freshly ground black pepper" }],
    ["1/3 cup plus 2 tablespoons mayonnaise", { quantity: "1/3 cup plus 2 tablespoons", name: "mayonnaise" }],
    ["2 x 400 g / 14 oz can of chickpeas", { quantity: "2 x 400 g / 14 oz can", name: "chickpeas" }],
    ["2 x 7g sachets dried yeast", { quantity: "2 x 7g sachets", name: "dried yeast" }],
    ["200 g plus 1 cup flour", { quantity: "200 g", name: "plus 1 cup flour" }],
    ["2 large eggs plus 1 egg yolk", { quantity: "2 large", name: "eggs plus 1 egg yolk" }],
    ["1 szczypta soli", { quantity: "1 szczypta", name: "soli" }],
    ["8 db répa", { quantity: "8 db", name: "répa" }],
    ["3 Stk. Pak Choi", { quantity: "3 Stk.", name: "Pak Choi" }],
    ["1 i 1/2 łyżeczki kurkumy", { quantity: "1 i 1/2 łyżeczki", name: "kurkumy" }],
    // a fraction printed with a space before its bar (recipe-scrapers' data, 101cookbooks)
    ["1 /2 Banana (peeled)", { quantity: "1 /2", name: "Banana", note: "peeled" }],
    // "C" for cup (healthyeating.nhlbi.nih.gov, dev half), a comma after the bracket of the amount (recipe-scrapers' data)
    ["1 C strawberries, rinsed", { quantity: "1 C", name: "strawberries", note: "rinsed" }],
    // "T" / "TB" a tablespoon and "t" a teaspoon, by their case (recipe-scrapers' and based.cooking's lines); a unit
    // word joined by a hyphen to more letters is no unit ("T-bone", "medium-sized")
    ["10 T butter, divided", { quantity: "10 T", name: "butter", note: "divided" }],
    ["1 t. salt", { quantity: "1 t.", name: "salt" }],
    ["2 TB olive oil", { quantity: "2 TB", name: "olive oil" }],
    ["3T neutral oil", { quantity: "3T", name: "neutral oil" }],
    ["1 T-bone steak", { quantity: "1", name: "T-bone steak" }],
    ["4 medium-sized lemons", { quantity: "4", name: "medium-sized lemons" }],
    [
      "1/2 cup (1 stick), unsalted butter, cut into pieces",
      { quantity: "1/2 cup (1 stick)", name: "unsalted butter", note: "cut into pieces" },
    ],
    ["1 colher (sopa) de colorau", { quantity: "1 colher (sopa)", name: "colorau" }],
    // plural markers, spoon abbreviations, ranges and "de" before the unit in other languages
    ["1 Stange(n) Lauch", { quantity: "1 Stange(n)", name: "Lauch" }],
    ["1 pinch(es) Table salt", { quantity: "1 pinch(es)", name: "Table salt" }],
    ["1 cuill. à café de cannelle en poudre", { quantity: "1 cuill. à café", name: "cannelle en poudre" }],
    ["1 à 2 c. à café de miel", { quantity: "1 à 2 c. à café", name: "miel" }],
    ["1/4 de botte de coriandre hachée", { quantity: "1/4 de botte", name: "coriandre hachée" }],
    ["2 de mayo", { quantity: "2", name: "mayo" }],
    // a count, then the size of each; all after the amount in brackets
    ["1, 14 oz can of sweetened condensed milk", { quantity: "1 14 oz can", name: "sweetened condensed milk" }],
    ["1 28-ounce can whole tomatoes", { quantity: "1 28-ounce can", name: "whole tomatoes" }],
    ["2 14- ounce cans evaporated milk", { quantity: "2 14- ounce cans", name: "evaporated milk" }],
    ["3 4-ounce salmon fillets, skin on", { quantity: "3 4-ounce", name: "salmon fillets", note: "skin on" }],
    ["400-gram tin crushed tomatoes", { quantity: "400-gram tin", name: "crushed tomatoes" }],
    ["One 15-ounce can cannellini beans", { quantity: "One 15-ounce can", name: "cannellini beans" }],
    ["a 400g tin of tomatoes", { quantity: "a 400g tin", name: "tomatoes" }],
    ["2 100 g butter", { quantity: "2", name: "100 g butter" }],
    // amounts added with "+"
    ["1/4 + 1/8 teaspoon fine sea salt", { quantity: "1/4 + 1/8 teaspoon", name: "fine sea salt" }],
    ["1 cup + 2 tbsp granulated sugar (125g)", { quantity: "1 cup + 2 tbsp", name: "granulated sugar", note: "125g" }],
    ["1 egg + 1 egg yolk", { quantity: "1", name: "egg + 1 egg yolk" }],
    ["1 packet (2¼ tsp instant dry yeast)", { quantity: "1 packet", name: "instant dry yeast", note: "2¼ tsp" }],
    ["½ stick ((4 tbsp) butter)", { quantity: "½ stick", name: "butter", note: "4 tbsp" }],
    // a word that says how exact the amount is; a size and a unit with no amount
    ["Scant 1/2 teaspoon ground ginger", { quantity: "Scant 1/2 teaspoon", name: "ground ginger" }],
    ["About 1/2 tsp. kosher salt", { quantity: "About 1/2 tsp.", name: "kosher salt" }],
    ["Small handful of cilantro, leaves", { quantity: "Small handful", name: "cilantro", note: "leaves" }],
    ["Large pinch salt", { quantity: "Large pinch", name: "salt" }],
    ["Large eggs", { quantity: "", name: "Large eggs" }],
    // the amount after the name
    ["Beurre doux : 120 g", { quantity: "120 g", name: "Beurre doux" }],
    ["Sel - 1 cuillère à café", { quantity: "1 cuillère à café", name: "Sel" }],
    ["cebula 1 sztuka", { quantity: "1 sztuka", name: "cebula" }],
    ["Süßkartoffel ca. 200 g", { quantity: "200 g", name: "Süßkartoffel", note: "ca." }],
    ["Garlic 2 cloves, minced", { quantity: "2 cloves", name: "Garlic", note: "minced" }],
    ["Fragole 1,1 kg", { quantity: "1,1 kg", name: "Fragole" }],
    // the juice of a counted fruit: the amount counts the fruit; not the zest, which would weigh the fruit
    ["Juice of 1/2 lemon", { quantity: "1/2", name: "Juice of lemon" }],
    ["Le jus d'1/2 citron", { quantity: "1/2", name: "Le jus de citron" }],
    ["Zest of 3-4 oranges (about 1.5 tbsp)", { quantity: "", name: "Zest of 3-4 oranges", note: "about 1.5 tbsp" }],
    ["Juice of half a lime", { quantity: "", name: "Juice of half a lime" }],
    // French spoons abbreviated without "à"
    ["2 c.s. de farine", { quantity: "2 c.s.", name: "farine" }],
    ["1 c.c de coriandre en grain", { quantity: "1 c.c", name: "coriandre en grain" }],
    [
      "Three 8-ounce (680g) packages cream cheese",
      { quantity: "", name: "Three 8-ounce packages cream cheese", note: "680g" },
    ],
    // a decimal comma is no note's start
    ["125 g yoghurt naturel 3,5 %, kalt", { quantity: "125 g", name: "yoghurt naturel 3,5 %", note: "kalt" }],
    ["farina 00", { quantity: "", name: "farina 00" }],
    ["玉ねぎ 1/4個(50g)", { quantity: "1/4個(50g)", name: "玉ねぎ" }],
    ["薄力粉 大さじ1/2", { quantity: "大さじ1/2", name: "薄力粉" }],
    ["卵(60g 程度) 2個", { quantity: "2個", name: "卵", note: "60g 程度" }],
    ["水 適量", { quantity: "", name: "水 適量" }],
  ])("splits %o", (line, parts) => {
    expect(splitIngredientLine(line)).toEqual(parts);
  });

  it("says 'to taste', 'optional' or 'as needed' once", () => {
    expect(splitIngredientLine("Salt, to taste")).toEqual({ quantity: "to taste", name: "Salt" });
    expect(splitIngredientLine("black pepper, to taste, freshly ground")).toEqual({
      quantity: "to taste",
      name: "black pepper",
      note: "freshly ground",
    });
    expect(splitIngredientLine("chives (optional)")).toEqual({ quantity: "optional", name: "chives" });
  });

  it("reads the quantities it splits off the same way when weighing", () => {
    for (const line of ["150gr flour", "2 pound(s) beef", "1 and 1/2 cups rice", "3 dl milk"]) {
      const { quantity } = splitLeadingQuantity(line);
      expect(parseQuantity(quantity).amount, line).not.toBeNull();
    }
    expect(parseQuantity("150gr")).toMatchObject({ amount: 150, unit: "g" });
    expect(parseQuantity("2 pound(s)")).toMatchObject({ amount: 2, unit: "lb" });
    expect(parseQuantity("3 dl")).toMatchObject({ amount: 3, unit: "dl" });
    expect(parseQuantity("1 Stange(n)")).toMatchObject({ amount: 1, unit: "stalk" });
    expect(parseQuantity("1 à 2 c. à café")).toMatchObject({ amount: 1, maxAmount: 2, unit: "tsp" });
    expect(parseQuantity("2 bis 3 EL")).toMatchObject({ amount: 2, maxAmount: 3, unit: "tbsp" });
    expect(parseQuantity("1/4 de botte")).toMatchObject({ amount: 0.25, unit: "bunch" });
    expect(parseQuantity("2 c. de chá")).toMatchObject({ amount: 2, unit: "tsp" });
    expect(parseQuantity("大さじ1と1/2")).toMatchObject({ amount: 1.5, unit: "tbsp" });
    expect(parseQuantity("1/4個(50g)")).toMatchObject({ amount: 0.25, unit: "piece", gramsPerUnit: 50 });
    expect(parseQuantity("２個")).toMatchObject({ amount: 2, unit: "piece" });
    expect(parseQuantity("Scant 1/2 teaspoon")).toMatchObject({ amount: 0.5, unit: "tsp" });
    expect(parseQuantity("good pinch")).toMatchObject({ amount: 1, unit: "pinch" });
  });
});

describe("catalogue matching", () => {
  const match = (name: string) => getCatalogue().match(name)?.name ?? null;

  it.each([
    ["swordfish steaks", "swordfish"],
    ["monkfish steaks", null],
    ["sun-dried tomatoes packed in olive oil", "sun-dried tomato"],
    ["brown sugar or coconut sugar", "brown sugar"],
    ["lemon rind", "lemon"],
    ["Knoblauchzehe", "garlic"],
    ["Rindfleisch", "beef"],
    ["knoflook", "garlic"],
    ["beurre", "butter"],
    ["margarina sem sal", "margarine"],
    ["soli", "salt"],
    ["świeżych ogórków gruntowych", "cucumber"],
    ["soku z cytryny", "lemon juice"],
    ["Frühlingszwiebeln", "spring onion"],
    ["paddenstoelen", "mushroom"],
    ["peberfrugter", "bell pepper"],
    ["choi", null],
    ["Fresh herbs", null],
    ["ferske rosmarinblader", null],
    ["fersken", "peach"],
    ["pimiento rojo", "bell pepper"],
    ["pimientos", "roasted red pepper"],
    ["lemon rind", "lemon"],
    // Russian, Greek, Japanese and Chinese names, inflected Russian, full-width digits, katakana or hiragana
    ["сливочное масло", "butter"],
    ["муки", "flour"],
    ["щепотка соли", "salt"],
    ["αυγά μεγάλα", "egg"],
    ["卵 ２個", "egg"],
    ["水 適量", "water"],
    ["ばたー", "butter"],
    ["有塩バター 10g", "butter"],
    ["一勺 酱油", "soy sauce"],
    ["奶油奶酪", null],
    // French, Spanish, Italian and Portuguese name the food first
    ["Beurre demi-sel", "butter"],
    ["filetti di acciughe sotto sale", "anchovy"],
    ["tomate bien mûres", "tomato"],
    ["fromage frais double crème", "cheese"],
    // a kind the catalogue lists apart, named by a word of another language
    ["Ingwer gemahlen", "ground ginger"],
    ["páprica defumada", "smoked paprika"],
    ["costelinha de porco", "pork rib"],
    ["macinato di manzo", "ground beef"],
    ["kippenvleugels", "chicken wing"],
    ["Hühnerbrust", "chicken breast"],
    ["getrocknete Tomaten", "tomato"],
    ["зелёный лук", "spring onion"],
    ["oignon vert", "spring onion"],
    ["grüne Bohnen", "green bean"],
    ["rode paprika's", "bell pepper"],
    ["paprika’s", "bell pepper"],
    ["Paprika, gelb", "bell pepper"],
    ["Paprika edelsüß", "paprika"],
    ["1 tsp sweet paprika", "paprika"],
    // a kind of cheese the catalogue does not list is cheese, not another kind; a stand-in or a wider class in
    // English lends no names abroad; a little word of one language is no name
    ["emmental râpé", "cheese"],
    ["Comté râpé", "cheese"],
    ["gruyère râpé", "gruyère"],
    ["filet de plie", null],
    ["cabillaud", "cod"],
    ["enrobage", null],
    ["seasoning", null],
    ["levain", null],
    ["Fett für die Form", null],
    ["granen naar keuze", null],
    ["beurre fondu", "butter"],
    ["sucre en poudre", "sugar"],
    ["snuf peper en zout", "black pepper"],
    ["Öl zum Braten", "vegetable oil"],
    ["extra koriander om te serveren", "cilantro"],
    ["smør med salt", "butter"],
    ["1 csipet só", "salt"],
    ["noix de muscade", "nutmeg"],
    ["geriebener Käse", "cheese"],
    ["rouleau de pâte feuilletée", "puff pastry"],
    ["pâte brisée", "pie crust"],
    ["250 g de pâtes", "pasta"],
    ["2 gousses d'ail hachées", "garlic"],
    ["huile d’olive", "olive oil"],
  ])("matches %o to %o", (name, ingredient) => {
    expect(match(name)).toBe(ingredient);
  });
});

describe("hostile pages", () => {
  it("refuses JSON nested too deep, without a stack overflow", () => {
    expect(() => parseLenientJson("[".repeat(100_000))).toThrow(/nesting deeper/);
    const page = ldPage(`${"[".repeat(100_000)}{"@type":"Recipe"}`);
    expect(fromHtmlPage(page)).toMatchObject({ ok: false, reason: expect.stringMatching(/could not be read/) });
  });

  it("refuses a recipe with a huge list of lines", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Many",
      recipeIngredient: Array(5000).fill("1 egg"),
      recipeInstructions: "Cook.",
    });
    expect(fromHtmlPage(ldPage(json))).toEqual({ ok: false, reason: "more than 200 ingredient lines" });
  });

  it("reads deeply nested and unclosed markup in time proportional to its size", () => {
    const started = performance.now();
    for (const page of [
      "<div>".repeat(200_000),
      "<".repeat(1_000_000),
      `<script type="application/ld+json">`.repeat(20_000),
      `<a "`.repeat(200_000),
      `<script>"${'\\"@type\\":\\"Recipe\\"'.repeat(200_000)}`,
      `<script>"${"\\".repeat(1_000_000)}"@type":"Recipe"${"}".repeat(100_000)}`,
    ]) {
      expect(fromHtmlPage(page)).toMatchObject({ ok: false });
    }
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
