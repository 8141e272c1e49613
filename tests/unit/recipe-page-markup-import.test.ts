import { describe, expect, it } from "vitest";
import { durationMinutes, fromHtmlPage } from "~/domain/recipe-import";

function draftOf(result: ReturnType<typeof fromHtmlPage>) {
  if (!result.ok) throw new Error(`expected a draft, got: ${result.reason}`);
  return result.draft;
}

describe("recipe headings as pages write them", () => {
  it.each([
    ["🛒 Ingredients", "👩‍🍳 Method"],
    ["• Zutaten", "• Zubereitung"],
    ["Wikinger-Auflauf – Die Zutaten", "Wikinger-Auflauf – Die Zubereitung"],
    ["The Ingredients", "De bereiding"],
  ])("reads %o and %o as the recipe's headings", (ingredients, method) => {
    const html =
      `<h1>Auflauf</h1><h2>${ingredients}</h2><ul><li>250 g Hackfleisch</li><li>1 Ei</li></ul>` +
      `<h2>${method}</h2><ol><li>Mischen.</li><li>Backen.</li></ol>`;
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => line.quantity)).toEqual(["250 g", "1"]);
    expect(draft.steps).toEqual(["Mischen.", "Backen."]);
  });

  it.each([
    ["Zutaten", "Anleitungen"],
    ["Ingrediënten", "Instructies"],
    ["Ingredienser", "Sådan gør du"],
  ])(
    "fills a JSON-LD Recipe without steps from the steps under a recipe card's %o / %o headings",
    (ingredients, method) => {
      // WP Recipe Maker's card in German, Dutch and Danish: an empty element and a no-break space inside each heading
      const data = { "@type": "Recipe", name: "Linseneintopf", recipeIngredient: ["1 Stange Lauch", "2 Karotten"] };
      const html =
        `<script type="application/ld+json">${JSON.stringify(data)}</script><div class="wprm-recipe">` +
        `<h3>${ingredients}<div></div>&nbsp;</h3><ul><li>1 Stange Lauch</li><li>2 Karotten</li></ul>` +
        `<h3>${method}<div></div>&nbsp;</h3><div><ul><li id="wprm-recipe-1-step-0-0"><div><span>Den Lauch ` +
        `waschen und in Ringe schneiden.</span></div></li><li><div>Alles 20 Minuten kochen.</div></li></ul></div></div>`;
      const draft = draftOf(fromHtmlPage(html));
      expect(draft.steps).toEqual(["Den Lauch waschen und in Ringe schneiden.", "Alles 20 Minuten kochen."]);
      expect(draft.ingredients.map((line) => line.name)).toEqual(["Lauch", "Karotten"]);
    }
  );

  it("reads the page's own markup when its JSON-LD Recipe does not import (its method run into one overlong step)", () => {
    const method = "Stir the sauce slowly over a low heat until it thickens and coats the back of a spoon. ".repeat(30);
    const data = { "@type": "Recipe", name: "Custard", recipeIngredient: ["4 egg yolks"], recipeInstructions: method };
    const html =
      `<script type="application/ld+json">${JSON.stringify(data)}</script><h1>Custard</h1>` +
      `<h2>Ingredients</h2><ul><li>4 egg yolks</li><li>500 ml milk</li></ul>` +
      `<h2>Method</h2><ol><li>Warm the milk.</li><li>Whisk in the yolks and stir until thick.</li></ol>`;
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.steps).toEqual(["Warm the milk.", "Whisk in the yolks and stir until thick."]);
    expect(draft.ingredients.map((line) => line.name)).toEqual(["egg yolks", "milk"]);
  });

  it("reads a section's <header> that says Ingredients as the heading, and still skips the page's header", () => {
    const html =
      `<header><nav><a href="/">Mindmegette</a></nav><h2>Hozzávalók</h2><ul><li>6 db menü</li><li>2 db link</li>` +
      `<li>3 db ajánló</li></ul></header><h1>Krumplileves</h1><div id="ingredientsBox"><header>Hozzávalók</header>` +
      `<ul><li><span>6</span> <span>db</span> <a href="/hozzavalok/burgonya">burgonya</a></li><li>1 db vöröshagyma</li>` +
      `</ul></div><h2>Elkészítés</h2><ol><li>A zöldségeket megpucoljuk és megmossuk.</li><li>Megfőzzük.</li></ol>`;
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => [line.quantity, line.name])).toEqual([
      ["6 db", "burgonya"],
      ["1 db", "vöröshagyma"],
    ]);
    expect(draft.steps).toHaveLength(2);
  });

  it.each([
    "Przygotowanie krok po kroku",
    "Zubereitung Schritt für Schritt",
    "Como preparar Coxa de Frango",
    "Como Fazer",
    "Preparazione della pasta con melanzane",
  ])("reads %o as the method's heading", (method) => {
    const html =
      `<h1>Placki</h1><h2>Składniki</h2><ul><li>1 kg ziemniaki</li><li>1 cebula</li></ul>` +
      `<h2>${method}</h2><ol><li>Obierz ziemniaki.</li><li>Smaż placki.</li></ol>`;
    expect(draftOf(fromHtmlPage(html)).steps).toEqual(["Obierz ziemniaki.", "Smaż placki."]);
  });

  it.each([
    ["材料（2人分）", "作り方", "玉ねぎ 1/4 個", "1/4 個"],
    ["Ингредиенты", "Приготовление", "2 ст. л. сахара", "2 ст. л."],
    ["Ingrediencie", "Postup", "200 g múky", "200 g"],
    ["Malzemeler", "Yapılışı", "2 adet yumurta", "2"],
  ])("reads the headings %o and %o", (ingredients, method, line, quantity) => {
    const html =
      `<h1>Recipe</h1><h2>${ingredients}</h2><ul><li>${line}</li></ul>` +
      `<h2>${method}</h2><ol><li>Step one.</li><li>Step two.</li></ol>`;
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients[0].quantity).toBe(quantity);
    expect(draft.steps).toEqual(["Step one.", "Step two."]);
  });

  it("still takes no heading that only mentions the ingredients", () => {
    const html =
      "<h1>Auflauf</h1><h2>Notes on the ingredients</h2><ul><li>250 g Hackfleisch</li></ul>" +
      "<h2>Method</h2><ol><li>Mischen.</li></ol>";
    expect(fromHtmlPage(html)).toEqual({ ok: false, reason: "no ingredient lines" });
  });
});

describe("a blog post's recipe without schema.org data", () => {
  // a food blog's post: the recipe between the story, tools, tips and questions, its headings led by emoji
  const post =
    "<h1>Slow Cooker Chili</h1><p>A warm hug in a bowl.</p><h2>🍽 Servings &amp; Time</h2>" +
    "<p><strong>Serves:</strong> 6-8<br>Prep time: 20 minutes<br>Cook time: 8 hours on low or 4 hours on high</p>" +
    "<h2>💛 Why I Love This Recipe</h2><ul><li>Hands-off cooking.</li></ul>" +
    "<h2>🛒 What You’ll Need</h2><ul><li>2 lbs beef brisket</li><li>1 large onion, diced</li></ul>" +
    "<h2>🔧 Tools You’ll Need</h2><ul><li>Slow cooker</li><li>Ladle</li></ul>" +
    "<h2>👩&zwj;🍳 Pro Tips</h2><ul><li>Trim the brisket.</li></ul>" +
    "<h2>👩&zwj;🍳 How to Make Slow Cooker Chili</h2><h3>Step 1: Prep</h3><p>Dice the onion.</p>" +
    "<h3>Step 2: Cook</h3><p>Cook on low for 8 hours.</p><h2>🧊 Leftovers &amp; Storage Tips</h2>" +
    "<ul><li>Freeze for up to 3 months.</li></ul><h2>❓ FAQ</h2><p>Can I add beans?</p>";

  it('reads the steps under "How to Make ..." and leaves out the tools and tips around the recipe', () => {
    const draft = draftOf(fromHtmlPage(post));
    expect(draft.ingredients.map((line) => line.name)).toEqual(["beef brisket", "onion"]);
    expect(draft.steps).toEqual(["Dice the onion.", "Cook on low for 8 hours."]);
  });

  it("reads the yield and times on the lines of one paragraph", () => {
    expect(draftOf(fromHtmlPage(post))).toMatchObject({ servings: 8, prepTime: 20, cookingTime: 480 });
  });
});

describe("recipes whose parts have no heading", () => {
  it("takes the paragraphs after the ingredient list as the steps when no Method heading comes", () => {
    const html =
      "<h1>Baby Back Ribs</h1><p><b>Ingredients</b></p><ul><li>1 rack of ribs</li><li>1 cup of brown sugar</li></ul>" +
      "<p>Optional</p><ul><li>Your favorite BBQ sauce</li></ul>" +
      "<p>Prepare your smoker at 275 degrees. We recommend hickory.</p><p>Remove the membrane off the back of the rack.</p>" +
      '<ul><li><a href="/share">Facebook</a></li></ul><h2>Featured in this recipe</h2><p>Honey rub</p>';
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => line.name)).toEqual([
      "rack of ribs",
      "brown sugar",
      "Your favorite BBQ sauce",
    ]);
    expect(draft.steps).toEqual([
      "Prepare your smoker at 275 degrees. We recommend hickory.",
      "Remove the membrane off the back of the rack.",
    ]);
  });

  it("reads a list of amounts under no Ingredients heading, its groups, and the steps after it", () => {
    const html =
      "<h1>Toona Melt</h1><p>An open-faced melt.</p><h2>Produce</h2><ul><li>1 small red onion</li><li>2 celery stalks</li>" +
      "<li>½ cup dill leaves</li><li>1 lemon</li></ul><h2>Pantry</h2><ul><li>2 5-ounce cans tuna</li><li>Kosher salt</li>" +
      "<li>2 slices rye bread</li></ul><h3>1. Do some prep</h3><ul><li>Finely chop the onion.</li><li>Chop the dill.</li></ul>" +
      "<h3>2. Melt</h3><ul><li>Broil until bubbling.</li></ul><h4>Filed under: Sandos</h4><h2>The Club</h2><p>Join us.</p>";
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => [line.name, line.section])).toEqual([
      ["red onion", "Produce"],
      ["celery stalks", "Produce"],
      ["dill leaves", "Produce"],
      ["lemon", "Produce"],
      ["tuna", "Pantry"],
      ["Kosher salt", "Pantry"],
      ["rye bread", "Pantry"],
    ]);
    expect(draft.steps).toEqual(["Finely chop the onion.", "Chop the dill.", "Broil until bubbling."]);
    expect(draft.stepSections).toEqual(["1. Do some prep", "1. Do some prep", "2. Melt"]);
  });

  it('takes the title from the h1 over the recipe, not a column\'s h1 before it, and a step starting "Serve" as a step', () => {
    const html =
      "<h1>For Your Table</h1><h1>Chicken Salad</h1><ul><li>6 cups chicken, shredded</li><li>3 cups red grapes</li>" +
      "<li>2 celery ribs</li></ul><p>Combine chicken, grapes and celery in a bowl.</p><p>Serve in lettuce cups.</p>" +
      "<h3>Compare up to 4 products</h3>";
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.name).toBe("Chicken Salad");
    expect(draft.steps).toEqual(["Combine chicken, grapes and celery in a bowl.", "Serve in lettuce cups."]);
  });

  it('reads lines of text written as a list ("• 15 g Parmesan") under no heading, and numbered steps after them', () => {
    const html =
      "<h1>Piccata</h1><p>Schnitzel nach Mailänder Art.</p><p><b>2 Portionen</b></p>" +
      "<p>• 15 g Parmesan</p><p>• 1/2 Zitrone</p><p>• 1 Ei</p><p>• Salz, Pfeffer</p>" +
      "<p>1. Parmesan fein reiben und mit dem Ei mischen.</p><p>2. Das Fleisch im Teig wenden und ausbacken.</p>" +
      "<h3>Ähnliche Beiträge</h3>";
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => `${line.quantity} ${line.name}`.trim())).toEqual([
      "15 g Parmesan",
      "1/2 Zitrone",
      "1 Ei",
      "Salz",
    ]);
    expect(draft.steps).toHaveLength(2);
  });

  it("reads a page of 20,000 lines of text under no heading in time proportional to its size", () => {
    const html = `<h1>Story</h1>${"<p>• some words here</p>".repeat(20_000)}`;
    const started = performance.now();
    expect(fromHtmlPage(html).ok).toBe(false);
    // about 1-2 s on a quiet core and 6 s on a loaded one; a quadratic reading of 20,000 paragraphs takes minutes
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it("finds the list of amounts right after another list (the site's menu)", () => {
    const html =
      "<h1>Soup</h1><ul><li>Home</li><li>Blog</li></ul><ul><li>2 carrots</li><li>1 onion</li><li>500 ml stock</li></ul>" +
      "<p>Chop the vegetables.</p><p>Simmer in the stock.</p>";
    expect(draftOf(fromHtmlPage(html)).ingredients.map((line) => line.name)).toEqual(["carrots", "onion", "stock"]);
  });

  it("takes no list of amounts that is not a recipe's: a shop's prices, two lines", () => {
    const html =
      "<h1>Our shop</h1><ul><li>2-Day Delivery</li><li>Add $75 more</li></ul><ul><li>Pans</li><li>Knives</li>" +
      "<li>3 for 2 on bowls</li></ul><p>Free delivery on orders over $75.</p>";
    expect(fromHtmlPage(html).ok).toBe(false);
  });
});

describe("JSON-LD that the page says better", () => {
  it("takes the page's list when the data runs the whole list into one line", () => {
    const json = JSON.stringify({
      "@type": "Recipe",
      name: "Soon dubu chigae",
      recipeIngredient: "3 tablespoons red pepper powder2 small onions, chopped.1 egg.",
      recipeInstructions: ["Fry the onions.", "Add the egg."],
    });
    const page = (lines: string[], heading = "<h2>Ingredients</h2>") =>
      `<html><head><script type="application/ld+json">${json}</script></head><body>${heading}` +
      `<ul>${lines.map((line) => `<li>${line}</li>`).join("")}</ul><h2>Instructions</h2></body></html>`;
    const shown = ["3 tablespoons red pepper powder", "2 small onions, chopped.", "1 egg."];
    const names = (html: string) => draftOf(fromHtmlPage(html)).ingredients.map((line) => line.name);
    expect(names(page(shown))).toEqual(["red pepper powder", "onions", "egg"]);
    // a page list that says something else is not taken
    expect(names(page(["1 cup rice", "2 eggs"]))).toHaveLength(1);
    // nor a list found under no Ingredients heading: a guess never replaces the data
    expect(names(page(shown, ""))).toHaveLength(1);
  });
});

describe("an ingredient checklist drawn without a list", () => {
  const row = (amount: string, name: string) =>
    `<div class="row"><input type="checkbox" id="${name}"/><div><div>${amount}</div><div class="bold">${name}</div></div></div>`;

  it("reads each row with a box to tick as a line, for data that leaves its lines out", () => {
    const json = JSON.stringify({ "@type": "Recipe", name: "Tejberizs", recipeInstructions: ["Főzzük meg."] });
    const html =
      `<html><head><script type="application/ld+json">${json}</script></head><body>` +
      `<div class="title">Hozzávalók</div><div>${row("2 db", "tojás")}${row("1 l", "tej")}${row(
        "200 g",
        "rizs"
      )}</div>` +
      "</body></html>";
    const draft = draftOf(fromHtmlPage(html));
    expect(draft.ingredients.map((line) => [line.quantity, line.name])).toEqual([
      ["2 db", "tojás"],
      ["1 l", "tej"],
      ["200 g", "rizs"],
    ]);
  });

  it("takes no element holding the boxes of several lines for one line", () => {
    const boxes = ["1 l milk", "200 g rice"].map((line) => `<input type="checkbox"/><span>${line}</span>`).join("");
    const html = `<h1>Rice</h1><h2>Ingredients</h2><div>${boxes}</div><h2>Method</h2><ol><li>Cook.</li></ol>`;
    const result = fromHtmlPage(html);
    expect(result.ok ? result.draft.ingredients.map((line) => line.name) : []).not.toContain("milk 200 g rice");
  });

  it("takes no row of a form as a line", () => {
    const html =
      `<h1>Rice</h1><h2>Ingredients</h2><form>${row("1 l", "milk")}</form>` +
      "<p>Any rice will do.</p><h2>Method</h2><ol><li>Cook.</li></ol>";
    const result = fromHtmlPage(html);
    expect(result.ok ? result.draft.ingredients.map((line) => line.name) : []).not.toContain("milk");
  });
});

describe("JSON-LD scripts as pages write them", () => {
  const recipe = { "@type": "Recipe", name: "Pancakes", recipeIngredient: ["2 eggs"], recipeInstructions: ["Fry."] };
  const page = (...scripts: string[]) =>
    `<html><head>${scripts.map((script) => `<script type="application/ld+json">${script}</script>`).join("")}` +
    "</head><body></body></html>";

  it("reads the next Recipe when the first one does not import (a teaser with no lists)", () => {
    const teaser = JSON.stringify({ "@type": "Recipe", name: "More pancakes" });
    const draft = draftOf(fromHtmlPage(page(teaser, JSON.stringify({ "@graph": [recipe] }))));
    expect(draft.name).toBe("Pancakes");
    expect(fromHtmlPage(page(teaser))).toEqual({ ok: false, reason: "no ingredient lines" });
  });

  it("reads JSON the page escaped as HTML, or wrapped in a comment", () => {
    const escaped = JSON.stringify(recipe).replace(/"/g, "&quot;");
    expect(draftOf(fromHtmlPage(page(escaped))).name).toBe("Pancakes");
    expect(draftOf(fromHtmlPage(page(`<!--${JSON.stringify(recipe)}-->`))).name).toBe("Pancakes");
  });
});

describe("a Recipe whose data gives no name", () => {
  const json = JSON.stringify({ "@type": "Recipe", recipeIngredient: ["2 eggs"], recipeInstructions: ["Boil."] });
  const page = (head: string, body: string) =>
    `<html><head>${head}<script type="application/ld+json">${json}</script></head><body>${body}</body></html>`;

  it("takes the page's h1, else its og:title", () => {
    expect(draftOf(fromHtmlPage(page("", "<h1>Soft-boiled eggs</h1>"))).name).toBe("Soft-boiled eggs");
    const og = '<meta property="og:title" content="Eggs on toast">';
    expect(draftOf(fromHtmlPage(page(og, "<p>Breakfast</p>"))).name).toBe("Eggs on toast");
    expect(fromHtmlPage(page("", "<p>Breakfast</p>"))).toEqual({ ok: false, reason: "no recipe name" });
  });

  it("takes the h1 over the recipe's ingredients, not a column's h1 before it", () => {
    const body = "<h1>For Your Table</h1><h1>Chicken Salad</h1><h2>Ingredients</h2><ul><li>2 eggs</li></ul>";
    expect(draftOf(fromHtmlPage(page("", body))).name).toBe("Chicken Salad");
  });
});

describe("yields and times as pages write them", () => {
  const page = (facts: string) =>
    `<h1>Tepsis krumpli</h1>${facts}<h2>Hozzávalók</h2><ul><li>6 db burgonya</li></ul>` +
    "<h2>Elkészítés</h2><ol><li>Megsütjük.</li></ol>";

  it.each([
    ["<span>4 adag</span>", 4],
    ["<div><span>45 perc</span><span>6 Portionen</span></div>", 6],
    ["<p>Für 2 Personen</p>", 2],
    ["<li>2-4 porcje</li>", 4],
  ])("reads the yield of %o, its number first", (facts, servings) => {
    expect(draftOf(fromHtmlPage(page(facts))).servings).toBe(servings);
  });

  it.each([
    ["<p>Préparation 15 min</p><p>Cuisson 1h10</p>", 85],
    ["<div><span>Time 45 mins</span><span>Servings 2</span></div>", 45],
    ["<ul><li>Tempo de preparo: 20 minutos</li><li>Tempo de cozimento: 40 minutos</li></ul>", 60],
    ["<p>Czas przygotowania: 1 godzina</p>", 60],
    ["<li>Ready in: 45 minutes</li>", 45],
    ["<p>Tempo totale: 50 minuti</p>", 50],
    ["<p>Durée totale : 1 h 30 min</p>", 90],
    ["<p>Baking time: 35 minutes</p>", 35],
  ])("reads the time the labels of %o give", (facts, minutes) => {
    const draft = draftOf(fromHtmlPage(page(facts)));
    expect(draft.totalTime ?? (draft.prepTime ?? 0) + (draft.cookingTime ?? 0)).toBe(minutes);
  });

  it.each([
    ["1h10", 70],
    ["2 h 30", 150],
    ["45 perc", 45],
    ["2 óra", 120],
    ["30 мин", 30],
    ["1 час 20 минут", 80],
    ["15分", 15],
  ])("reads %o as %o minutes", (text, minutes) => {
    expect(durationMinutes(text)).toBe(minutes);
  });

  it("reads a yield and a time named by the icon before them (alt text)", () => {
    const facts =
      '<div><img alt="czas przygotowania" src="time.svg"><div>40 min.</div></div>' +
      '<div><img alt="ilość porcji" src="man.svg"><div>8 os.</div></div><img alt="Placki" src="photo.jpg">';
    expect(draftOf(fromHtmlPage(page(facts)))).toMatchObject({ servings: 8, prepTime: 40 });
  });

  it.each([
    ['<ul><li class="meal-type">Hoofdgerecht</li><li class="person-amount">4</li></ul>', 4],
    ['<ul><li><div><span class="icon icon-serves"></span><span> 6 </span></div></li></ul>', 6],
    ['<div class="recipe-yield">2-3</div>', 3],
  ])("reads the yield of %o, a number a class names", (facts, servings) => {
    expect(draftOf(fromHtmlPage(page(facts))).servings).toBe(servings);
  });

  it("takes no yield from a number whose class names something else", () => {
    const facts = '<ul><li class="difficulty">2</li><li class="rating-count">4</li></ul>';
    expect(draftOf(fromHtmlPage(page(facts))).servings).toBeNull();
  });

  it("reads the details in a recipe card's own header, and no other text of it", () => {
    const card =
      '<div class="tasty-recipes"><header class="tasty-recipes-entry-header"><h2>Lemon Cookies</h2>' +
      '<div class="tasty-recipes-details"><ul><li class="prep-time"><span class="tasty-recipes-label">Prep Time:</span> ' +
      '<span class="tasty-recipes-prep-time">10 minutes</span></li><li class="total-time">' +
      '<span class="tasty-recipes-label">Total Time:</span> <span class="tasty-recipes-total-time">22 minutes</span>' +
      '</li><li class="yield"><span class="tasty-recipes-label">Yield:</span> <span>12 cookies</span></li></ul>' +
      "</div></header><h3>Ingredients</h3><ul><li>1 box lemon cake mix</li><li>2 eggs</li></ul>" +
      "<h3>Instructions</h3><ol><li>Mix.</li><li>Bake.</li></ol></div>";
    const draft = draftOf(fromHtmlPage(`<h1>Lemon Cookies</h1>${card}`));
    expect(draft).toMatchObject({ servings: 12, prepTime: 10 });
    expect(draft.totalTime ?? (draft.prepTime ?? 0) + (draft.cookingTime ?? 0)).toBe(22);
    expect(draft.ingredients.map((line) => line.quantity)).toEqual(["1 box", "2"]);
    expect(draft.steps).toEqual(["Mix.", "Bake."]);
  });

  it.each([
    ["<ul><li>Prep: 10 mins</li><li>Cook: 35 mins</li></ul>", 45],
    [
      "<ul><li><span>Preparation</span> <span>20 min</span></li><li><span>Cooking</span> <span>8 h</span></li></ul>",
      500,
    ],
    [
      '<div class="wprm-recipe-times"><div><span class="wprm-label">Prep:</span> <span>5 minutes</span></div>' +
        '<div><span class="wprm-label">Cook:</span> <span>10 minutes</span></div></div>',
      15,
    ],
  ])("reads the cooking time %o gives with a short label", (facts, minutes) => {
    const draft = draftOf(fromHtmlPage(page(facts)));
    expect(draft.totalTime ?? (draft.prepTime ?? 0) + (draft.cookingTime ?? 0)).toBe(minutes);
  });

  it("completes no time the recipe's data gives in part from a label elsewhere on the page", () => {
    const data = {
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Sweet Potato Soup",
      prepTime: "PT10M",
      recipeIngredient: ["2 sweet potatoes"],
      recipeInstructions: ["Simmer."],
    };
    const related = "<aside><h3>Eggplant Dip</h3><ul><li>Prep: 5 mins</li><li>Cook: 30 mins</li></ul></aside>";
    const html = `<script type="application/ld+json">${JSON.stringify(
      data
    )}</script><h1>Sweet Potato Soup</h1>${related}`;
    const draft = draftOf(fromHtmlPage(html));
    expect([draft.prepTime, draft.cookingTime, draft.totalTime]).toEqual([10, null, null]);
  });

  it("takes no yield from a number of people in a sentence", () => {
    expect(draftOf(fromHtmlPage(page("<p>Enough for 4 people and more.</p>"))).servings).toBeNull();
  });
});
