import { describe, expect, it } from "vitest";
import { fromHtmlPage, parseLenientJson } from "~/domain/recipe-import";

function draftOf(result: ReturnType<typeof fromHtmlPage>) {
  if (!result.ok) throw new Error(`expected a draft, got: ${result.reason}`);
  return result.draft;
}

const lines = (result: ReturnType<typeof fromHtmlPage>) =>
  draftOf(result).ingredients.map((line) => `${line.quantity} ${line.name}`.trim());

const METHOD = "<h2>Method</h2><ol><li>Mix everything.</li><li>Bake for 20 minutes.</li></ol>";

describe("a part's heading inside a section's header", () => {
  it("reads the h2 beside the header's buttons as the Ingredients heading", () => {
    const html =
      "<h1>Salmon</h1><section><header><h2>Ingrédients :</h2><button>-</button><span>4 Pers.</span>" +
      '<div class="price">16,00 €</div></header><ul><li>600 g salmon fillet</li><li>30 ml olive oil</li></ul>' +
      `</section>${METHOD}`;
    expect(lines(fromHtmlPage(html))).toEqual(["600 g salmon fillet", "30 ml olive oil"]);
  });

  it("still reads nothing else of a page's header", () => {
    const html =
      "<header><h2>Recipes</h2><ul><li>1 Home</li><li>2 Shop</li></ul></header>" +
      "<h1>Salmon</h1><h2>Ingredients</h2><ul><li>600 g salmon fillet</li></ul>" +
      METHOD;
    expect(lines(fromHtmlPage(html))).toEqual(["600 g salmon fillet"]);
  });
});

describe("ingredient lines drawn as rows of cells", () => {
  it("reads a table's rows under the Ingredients heading, amount first, up to the next heading", () => {
    const html =
      "<h1>Hackbraten</h1><h2>Zutaten</h2><table><tbody>" +
      "<tr><td><div>1.5</div></td><td><span>Semmel(n)</span> <span>altbacken</span></td></tr>" +
      "<tr><td><div>600 g</div></td><td><span>Hackfleisch</span></td></tr>" +
      "<tr><td></td><td><span>Salz und Pfeffer</span></td></tr></tbody></table>" +
      "<h2>Nährwerte pro Portion</h2><table><tr><td>731 kcal</td><td>Energie</td></tr></table>" +
      "<h2>Zubereitung</h2><p>Alles mischen und backen.</p>";
    const draft = draftOf(fromHtmlPage(html));
    expect(lines(fromHtmlPage(html))).toEqual(["1.5 Semmel altbacken", "600 g Hackfleisch", "Salz und Pfeffer"]);
    expect(draft.steps).toEqual(["Alles mischen und backen."]);
  });

  it("reads a grid of name and amount cells beside a picture, the amount first, a cell left empty aside", () => {
    const row = (name: string, amount: string) =>
      `<div class="card"><div><img src="x.png" alt=""></div><div><div>${name}</div><div>${amount}</div></div></div>`;
    const html =
      "<h1>Arroz de tamboril</h1><h2>Ingredientes</h2><div class='list'>" +
      row("tamboril", "1 kg") +
      row("cebola grande", "2 unid.") +
      row("polpa de tomate", "3 c. de sopa") +
      row("coentros", "") +
      "</div><h2>Preparação</h2><ol><li>Coza o tamboril.</li></ol>";
    expect(lines(fromHtmlPage(html))).toEqual([
      "1 kg tamboril",
      "2 unid. cebola grande",
      "3 c. de sopa polpa de tomate",
      "coentros",
    ]);
  });

  it("takes no row of one filled cell alone, nor rows where the page has a list", () => {
    const total = "<div><div><strong>Total weight</strong>: 15.250</div><div></div></div>";
    const alone = `<h1>Rolls</h1><h2>Ingredients</h2>${total}${METHOD}`;
    expect(fromHtmlPage(alone)).toEqual({ ok: false, reason: "no ingredient lines" });
    const listed =
      "<h1>Rolls</h1><h2>Ingredients</h2><ul><li>500 g flour</li></ul>" +
      `<table><tr><td>100 g</td><td>sugar</td></tr></table>${METHOD}`;
    expect(lines(fromHtmlPage(listed))).toEqual(["500 g flour"]);
  });

  it("never puts the page's rows over a schema.org recipe's own lines", () => {
    const data = {
      "@type": "Recipe",
      name: "Bread",
      recipeIngredient: ["500 g flour"],
      recipeInstructions: ["Bake."],
    };
    const html =
      `<script type="application/ld+json">${JSON.stringify(data)}</script><h1>Bread</h1><h2>Ingredients</h2>` +
      "<table><tr><td>500 g</td><td>flour</td></tr><tr><td>10 g</td><td>salt</td></tr></table>";
    expect(lines(fromHtmlPage(html))).toEqual(["500 g flour"]);
  });

  it("fills in the lines a schema.org recipe leaves out from the rows", () => {
    const data = { "@type": "Recipe", name: "Bread", recipeInstructions: ["Bake."] };
    const html =
      `<script type="application/ld+json">${JSON.stringify(data)}</script><h1>Bread</h1><h2>Ingredients</h2>` +
      "<table><tr><td>500 g</td><td>flour</td></tr><tr><td>10 g</td><td>salt</td></tr></table>";
    expect(lines(fromHtmlPage(html))).toEqual(["500 g flour", "10 g salt"]);
  });
});

describe("headings that say their part of the recipe", () => {
  it("reads 'Les ingrédients de la recette' and 'La préparation de la recette' where no heading is the word alone", () => {
    const html =
      "<h1>Salade libanaise</h1><h2>Les ingrédients de la recette</h2><ul><li>2 concombres</li>" +
      "<li>400 g de yaourt grec</li></ul><h2>La préparation de la recette</h2><ul><li>Lavez les concombres.</li>" +
      "<li>Mélangez.</li></ul>";
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => line.quantity)).toEqual(["2", "400 g"]);
    expect(draft.steps).toEqual(["Lavez les concombres.", "Mélangez."]);
  });

  it("reads 手順 as the method and 材料 【2個分】 as the ingredients", () => {
    const html =
      "<h1>温泉卵</h1><h2>材料 【2個分】</h2><ul><li>卵 2個</li><li>水 適量</li></ul>" +
      "<h2>手順</h2><ol><li>鍋に水を入れる。</li><li>卵を入れる。</li></ol>";
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients).toHaveLength(2);
    expect(draft.steps).toEqual(["鍋に水を入れる。", "卵を入れる。"]);
  });

  it("ends the steps at a heading of suggestions or tips in other languages", () => {
    const html =
      "<h1>Potaje</h1><h2>Ingredientes</h2><ul><li>200 g garbanzos</li></ul><h2>Preparación</h2>" +
      "<ol><li>Ponga el aceite.</li><li>Sirva.</li></ol><p><strong>Sugerencia</strong><ul>" +
      "<li>Puede prepararlo el día antes.</li></ul></p>";
    expect(draftOf(fromHtmlPage(html)).steps).toEqual(["Ponga el aceite.", "Sirva."]);
  });
});

describe("a checklist whose boxes stand in wrappers of their own", () => {
  it("reads each row as a step", () => {
    const step = (text: string) =>
      '<div class="card"><label><div class="box"><div><input type="checkbox"><div></div></div></div>' +
      `<div class="text">${text}</div></label></div>`;
    const html =
      "<h1>Fiskgryta</h1><h2>Ingredienser</h2><ul><li>400 g torskfilé</li></ul><h2>Gör så här</h2>" +
      step("Tina fisken.") +
      step("Smält smöret.");
    expect(draftOf(fromHtmlPage(html)).steps).toEqual(["Tina fisken.", "Smält smöret."]);
  });
});

describe("a page's markup as browsers read it", () => {
  it("reads a recipe card that a post wraps in <p> as the card, not one paragraph", () => {
    const html =
      "<h1>Challah</h1><p>Our story.<div class='recipe-card'><h3>Ingredients</h3><ul><li>300 g flour</li>" +
      "<li>1½ tsp salt</li></ul><h3>Instructions</h3><ol><li>Knead.</li><li>Bake.</li></ol></div></p>";
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => line.quantity)).toEqual(["300 g", "1½ tsp"]);
    expect(draft.steps).toEqual(["Knead.", "Bake."]);
  });

  it("ends an item left open at the next item", () => {
    const html = "<h1>Soup</h1><h2>Ingredients</h2><ul><li>1 onion<li>2 carrots<li>1 l water</ul>" + METHOD;
    expect(lines(fromHtmlPage(html))).toEqual(["1 onion", "2 carrots", "1 l water"]);
  });

  it("reads a page whose elements are named like an object's own properties (<constructor>)", () => {
    const html =
      "<h1>Soup</h1><div><constructor>x</constructor></div><h2>Ingredients</h2>" +
      "<ul><li>1 onion<constructor>peeled</constructor></li><li>1 l water</ul>" +
      METHOD;
    expect(lines(fromHtmlPage(html))).toEqual(["1 onion peeled", "1 l water"]);
  });
});

describe("JSON-LD as templates break it", () => {
  const recipe = '"recipeIngredient":["1 egg"],"recipeInstructions":"Boil."';
  const page = (json: string) => `<script type="application/ld+json">${json}</script>`;

  it.each([
    ["a quote left unescaped in a string", `{"@type":"Recipe","name":"The "best" egg",${recipe}}`, 'The "best" egg'],
    [
      "two objects one after the other",
      `{"@type":"WebSite","name":"Site"}{"@type":"Recipe","name":"Egg",${recipe}}`,
      "Egg",
    ],
    [
      "two objects joined by a comma",
      `{"@type":"WebSite","name":"Site"},{"@type":"Recipe","name":"Egg",${recipe}}`,
      "Egg",
    ],
    ["a closing brace left out", `{"@type":"Recipe","name":"Egg",${recipe}`, "Egg"],
    ["a closing brace too many", `{"@type":"Recipe","name":"Egg",${recipe}}}`, "Egg"],
    [
      "NaN, undefined and an empty value",
      `{"@type":"Recipe","name":"Egg","recipeYield":NaN,"cookTime":,"x":undefined,${recipe}}`,
      "Egg",
    ],
    ["a key without quotes", `{"@type":"Recipe",name:"Egg",${recipe}}`, "Egg"],
  ])("reads a Recipe with %s", (_, json, name) => {
    expect(draftOf(fromHtmlPage(page(json))).name).toBe(name);
  });

  it("keeps a quote inside a line ('1 12\" pizza base')", () => {
    const json = `{"@type":"Recipe","name":"Pizza","recipeIngredient":["1 12" pizza base", "1 egg"],"recipeInstructions":"Bake."}`;
    expect(draftOf(fromHtmlPage(page(json))).ingredients).toHaveLength(2);
    expect(parseLenientJson('["1 12" pizza base"]')).toEqual(['1 12" pizza base']);
  });

  it("keeps two lines apart when the comma between them is missing, on one line or two", () => {
    expect(parseLenientJson('["1 egg" "2 cups flour"]')).toEqual(["1 egg", "2 cups flour"]);
    expect(parseLenientJson('["1 egg"\n  "2 cups flour"]')).toEqual(["1 egg", "2 cups flour"]);
    expect(parseLenientJson('{"name":"Egg" "recipeYield":2}')).toEqual({ name: "Egg", recipeYield: 2 });
  });

  it("still refuses what is no JSON, and too deep a nesting", () => {
    expect(fromHtmlPage(page("<p>not json</p>"))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/could not be read/),
    });
    expect(() => parseLenientJson("[".repeat(100_000))).toThrow(/nesting deeper/);
  });
});

describe("a recipe only in an app's own script data", () => {
  const recipe = {
    name: "Udon Bowl",
    preparationTimeInMinutes: 25,
    servings: 2,
    ingredients: [
      { name: "Pak Choi", displayIngredientQuantity: 3, displayUnitOfMeasurement: "Stk." },
      { name: "Ingwer gemahlen", displayIngredientQuantity: null, displayUnitOfMeasurement: null },
      { name: "Tahin", quantity: 4, unit: { name: "EL" } },
    ],
    preparationInstructions: [
      { header: "Schritt 1", body: "Pak Choi waschen." },
      { header: "Schritt 2", body: "Tahin verrühren." },
    ],
  };

  it("reads an object with an ingredients list and a steps list beside it (__NEXT_DATA__)", () => {
    const html =
      `<h1>Udon Bowl</h1><script id="__NEXT_DATA__" type="application/json">` +
      `${JSON.stringify({ props: { pageProps: { recipe } } })}</script>`;
    const draft = draftOf(fromHtmlPage(html));
    expect(draft).toMatchObject({ name: "Udon Bowl", prepTime: 25, servings: 2 });
    expect(lines(fromHtmlPage(html))).toEqual(["3 Stk. Pak Choi", "Ingwer gemahlen", "4 EL Tahin"]);
    expect(draft.steps).toEqual(["Pak Choi waschen.", "Tahin verrühren."]);
  });

  it("reads it where a Next.js page streams it in a string", () => {
    const streamed = JSON.stringify(JSON.stringify({ recipe }));
    const html = `<h1>Udon Bowl</h1><script>self.__next_f.push([1,${streamed}])</script>`;
    expect(draftOf(fromHtmlPage(html)).steps).toEqual(["Pak Choi waschen.", "Tahin verrühren."]);
  });

  it("takes no list of ingredients without steps beside it, and never over the page's own recipe", () => {
    const shop = `<script>window.__STATE__ = ${JSON.stringify({
      ingredients: recipe.ingredients,
      basket: [],
    })}</script>`;
    expect(fromHtmlPage(`<h1>Shop</h1>${shop}`)).toMatchObject({ ok: false });
    const app = `<script>window.__STATE__ = ${JSON.stringify({ recipe })}</script>`;
    const page = `<h1>Soup</h1><h2>Ingredients</h2><ul><li>1 onion</li></ul>${METHOD}${app}`;
    expect(lines(fromHtmlPage(page))).toEqual(["1 onion"]);
  });
});

describe("the title of a page without a name in its data", () => {
  const recipe = `<h2>Ingredients</h2><ul><li>2 eggs</li></ul>${METHOD}`;

  it("takes the h1 in the article's header", () => {
    const html =
      '<head><meta property="og:title" content="Lemon Cake - My Food Blog"></head>' +
      `<article><header class="entry-header"><h1>Lemon Cake</h1><span>By Ann</span></header>${recipe}</article>`;
    expect(draftOf(fromHtmlPage(html)).name).toBe("Lemon Cake");
  });

  it("takes og:title over an h1 in the page's own header, the site's name", () => {
    const html =
      '<head><meta property="og:title" content="Lemon Cake"></head>' +
      `<header><h1>My Food Blog</h1><nav>Home</nav></header><div>${recipe}</div>`;
    expect(draftOf(fromHtmlPage(html)).name).toBe("Lemon Cake");
  });

  it("takes the page's <title> when nothing else names the recipe", () => {
    const html = `<html><head><title>Lemon Cake</title></head><body>${recipe}</body></html>`;
    expect(draftOf(fromHtmlPage(html)).name).toBe("Lemon Cake");
  });
});

describe("ingredient lines one for one", () => {
  const jsonLd = (recipe: object) =>
    `<script type="application/ld+json">${JSON.stringify({
      "@type": "Recipe",
      name: "Frikadellen",
      ...recipe,
    })}</script>`;

  it("takes the page's lines over data broken at every comma, a decimal comma included", () => {
    const html =
      jsonLd({
        recipeIngredient: ["250 g Schweinefleisch", " in Stücken", " 1", "5 TL Senf", " Salz"],
        recipeInstructions: ["Alles mischen.", "Braten."],
      }) +
      '<div class="ingredients"><h2>Zutaten</h2><ul><li>250 g Schweinefleisch, in Stücken</li>' +
      "<li>1,5 TL Senf</li><li>Salz</li></ul></div>";
    expect(lines(fromHtmlPage(html))).toEqual(["250 g Schweinefleisch", "1,5 TL Senf", "Salz"]);
    expect(draftOf(fromHtmlPage(html)).ingredients[0].note).toBe("in Stücken");
  });

  it("keeps the data's lines when the page's say something else", () => {
    const html =
      jsonLd({ recipeIngredient: ["250 g Schweinefleisch", " in Stücken", " Salz"], recipeInstructions: ["Braten."] }) +
      '<div class="ingredients"><h2>Zutaten</h2><ul><li>250 g Rindfleisch</li><li>Salz</li></ul></div>';
    expect(lines(fromHtmlPage(html))).toEqual(["250 g Schweinefleisch", "in Stücken", "Salz"]);
  });

  it("reads a list item marked as a heading by its class as the group's heading, not a line", () => {
    const html =
      jsonLd({
        recipeIngredient: ["500 g flour", "1 tsp salt", "¼ cup olive oil"],
        recipeInstructions: ["Mix.", "Bake."],
      }) +
      '<div class="ingredients"><ul class="ingredients-list"><li><span class="name">500 g flour</span></li>' +
      '<li><span class="name">1 tsp salt</span></li><li><span class="ingredient ingHeading"><span class="amount"> </span>' +
      '<span class="name">Herb Topping</span></span></li><li><span class="name">¼ cup olive oil</span></li></ul></div>';
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => [line.name, line.section ?? null])).toEqual([
      ["flour", null],
      ["salt", null],
      ["olive oil", "Herb Topping"],
    ]);
  });

  it("reads the steps after a lead-in sentence set as a heading inside the method", () => {
    const lead =
      "Ez a desszert nem tartozik a legbonyolultabb dolgok közé, úgyhogy időnként mindenképp érdemes beiktatni, " +
      "mert a gyerekek és a felnőttek egyaránt szeretni fogják! Megmutatjuk, hogyan készül lépésről lépésre:";
    const html =
      '<h1>Tejberizs</h1><div class="text-xl font-bold">Hozzávalók</div><div>' +
      '<div><input type="checkbox"/><div><div>1 l</div><div>tej</div></div></div>' +
      '<div><input type="checkbox"/><div><div>200 g</div><div>rizs</div></div></div></div><hr/>' +
      `<div class="text-xl font-bold">Elkészítés</div><article><h3>${lead}</h3>` +
      "<p>A tejet a rizzsel puhára főzzük.</p></article><footer><p>Minden jog fenntartva.</p></footer>";
    expect(draftOf(fromHtmlPage(html)).steps).toEqual(["A tejet a rizzsel puhára főzzük."]);
  });
});
