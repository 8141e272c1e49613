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
