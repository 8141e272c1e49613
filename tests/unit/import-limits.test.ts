/**
 * A page built to make the importer slow is refused quickly with a reason the import summary shows, and times
 * that do not fit a number do not come out as Infinity.
 */
import { describe, expect, it } from "vitest";
import { durationMinutes, fromHtmlPage, fromJsonLd, parseRecipeDocument } from "~/domain/recipe-import";
import { bracketBombJsonLd, nestedMicrodataPage } from "../support/hostile-imports";

const recipe = (ingredients: number, steps = 3) => ({
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Huge soup",
  recipeIngredient: Array.from(
    { length: ingredients },
    (_, index) => `${index + 1} g tomato, chopped finely for the soup`
  ),
  recipeInstructions: Array.from({ length: steps }, (_, index) => ({
    "@type": "HowToStep",
    text: `Stir the pot, step ${index}.`,
  })),
});
const page = (json: unknown) =>
  `<html><head><script type="application/ld+json">${JSON.stringify(json)}</script></head></html>`;

describe("importing a page", () => {
  it("refuses a 3.4 MB page of 20,000 ingredients quickly, saying why", () => {
    const html = page({ ...recipe(20_000), description: "x".repeat(2_500_000) });
    expect(html.length).toBeGreaterThan(3_000_000);
    const started = performance.now();
    const parsed = fromJsonLd(html);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(parsed).toEqual({ ok: false, reason: "more than 200 ingredient lines" });
  });

  it("refuses 20,000 steps and a step of 100,000 characters", () => {
    expect(fromJsonLd(page(recipe(3, 20_000)))).toEqual({ ok: false, reason: "more than 200 steps" });
    const long = { ...recipe(3), recipeInstructions: ["Stir. ".repeat(20_000)] };
    expect(fromJsonLd(page(long))).toEqual({ ok: false, reason: "steps longer than 2000 characters" });
  });

  it("still imports a recipe of ordinary size", () => {
    expect(fromJsonLd(page(recipe(12)))).toMatchObject({ ok: true });
  });
});

/** `run`'s result, checked to have taken less than `ms`. */
function within<T>(ms: number, run: () => T): T {
  const started = performance.now();
  const result = run();
  expect(performance.now() - started).toBeLessThan(ms);
  return result;
}

describe("pages built against the page reader", () => {
  // Linear reading takes 1–4 s here on a loaded two-core machine; a scan gone quadratic takes minutes.
  const quickly = <T>(run: () => T): T => within(10_000, run);

  it("refuses at once a JSON-LD string of 200,000 quotes each before a run of spaces", () => {
    const json = `{"@type":"Recipe","name":"${'" '.repeat(200_000)}`;
    const result = quickly(() => fromHtmlPage(`<script type="application/ld+json">${json}</script>`));
    expect(result.ok).toBe(false);
  });

  it("refuses at once 50,000 inline elements inside a paragraph, each before a block", () => {
    const html = `<p>${"<span><div>1 g</div><div>salt</div>".repeat(50_000)}</p><table>${"<tr><td>1".repeat(50_000)}`;
    expect(quickly(() => fromHtmlPage(html)).ok).toBe(false);
  });
});

describe("the uploads that froze the server in issue 26, read by the parsers alone", () => {
  // Read in 0.2-0.5 s on a quiet core (2.5 s seen on a loaded one); 8df6c02 took 6-32 s, by load.
  const withinSeconds = <T>(run: () => T): T => within(5_000, run);

  it("reads 10 recipes × 200 lines of 1,999 '(' and 'z' in linear time, finding no ingredient in them", () => {
    const text = bracketBombJsonLd();
    expect(text.length).toBeGreaterThan(4_000_000);
    expect(withinSeconds(() => parseRecipeDocument(text, "json"))).toEqual({
      ok: false,
      reason: "no ingredient lines",
    });
  });

  it.each([60, 199])("reads a description of %i nested itemprop divs round 1 MB in linear time", (levels) => {
    const result = withinSeconds(() => parseRecipeDocument(nestedMicrodataPage(levels, 1_000_000), "html"));
    // each level's text is cut at 20,000 characters: the stored recipe's limits then refuse the description
    if (result.ok) expect(result.draft.description!.length).toBeLessThanOrEqual(levels * 20_001);
  });
});

describe("times", () => {
  it("read a huge ISO duration as a number, and one past any number as no time", () => {
    expect(Number.isFinite(durationMinutes("PT9999999999H"))).toBe(true);
    expect(durationMinutes(`PT${"9".repeat(400)}H`)).toBeNull();
  });
});
