import { describe, expect, it } from "vitest";
import { fromHtmlPage } from "~/domain/recipe-import";

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

  it("takes no yield from a number of people in a sentence", () => {
    expect(draftOf(fromHtmlPage(page("<p>Enough for 4 people and more.</p>"))).servings).toBeNull();
  });
});
