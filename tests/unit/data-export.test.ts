/**
 * The export's recipe documents are what Mealie and Tandoor read as schema.org Recipe (Mealie's scraper cleaner,
 * Tandoor's Nextcloud Cookbook import): texts for recipeIngredient, HowToStep objects with `text` (or a list made
 * only of HowToSections, never the two mixed, which Mealie's cleaner cannot read), ISO 8601 durations, a whole
 * number for recipeYield, a description always there. Our own reader takes every field back.
 */
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  csvTable,
  ingredientLineText,
  isoDuration,
  type RecipeForExport,
  recipeFolderName,
  recipeJsonLd,
} from "~/domain/data-export";
import { parseRecipeDocument } from "~/domain/recipe-import";

const recipe = (over: Partial<RecipeForExport> = {}): RecipeForExport => ({
  name: "Shakshuka",
  description: null,
  prepTime: 10,
  cookingTime: 25,
  totalTime: null,
  servings: 2,
  sourceUrl: "https://example.com/shakshuka",
  createdAt: new Date("2026-11-01T10:00:00Z"),
  updatedAt: new Date("2026-11-02T10:00:00Z"),
  lines: [
    { name: "eggs", quantity: "4", section: null },
    { name: "onion", quantity: "1, finely sliced", section: null },
    { name: "salt", quantity: "", section: null },
  ],
  steps: [
    { text: "Soften the onion.", section: null },
    { text: "Crack in the eggs.", section: null },
  ],
  tips: ["Serve with bread."],
  tags: [
    { kind: "cuisine", value: "Middle Eastern" },
    { kind: "occasion", value: "Breakfast" },
    { kind: "diet", value: "Vegetarian" },
  ],
  photo: "full.jpg",
  ...over,
});

const ISO_DURATION = /^PT(?:\d+H)?(?:\d+M)?$/;

describe("a recipe as schema.org Recipe JSON-LD", () => {
  it("has the shape Mealie and Tandoor read", () => {
    const document = recipeJsonLd(recipe());
    expect(document).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Shakshuka",
      description: "",
      image: "full.jpg",
      url: "https://example.com/shakshuka",
      prepTime: "PT10M",
      cookTime: "PT25M",
      totalTime: "PT35M",
      recipeYield: 2,
      recipeCuisine: ["Middle Eastern"],
      recipeCategory: ["Breakfast"],
      keywords: "Breakfast, Vegetarian",
      recipeIngredient: ["4 eggs", "1 onion, finely sliced", "salt"],
      recipeInstructions: [
        { "@type": "HowToStep", text: "Soften the onion." },
        { "@type": "HowToStep", text: "Crack in the eggs." },
        { "@type": "HowToTip", text: "Serve with bread." },
      ],
    });
    for (const key of ["prepTime", "cookTime", "totalTime"]) expect(document[key]).toMatch(ISO_DURATION);
    expect((document.recipeIngredient as unknown[]).every((line) => typeof line === "string")).toBe(true);
    expect((document.recipeInstructions as { text: string }[]).every((step) => typeof step.text === "string")).toBe(
      true
    );
  });

  it("puts every run of steps in a HowToSection once any step has a heading, and the tips in a Notes section", () => {
    const document = recipeJsonLd(
      recipe({
        steps: [
          { text: "Make the sauce.", section: "Sauce" },
          { text: "Season it.", section: "Sauce" },
          { text: "Serve.", section: null },
        ],
      })
    );
    const sections = document.recipeInstructions as { "@type": string; name?: string; itemListElement: object[] }[];
    expect(sections.every((section) => section["@type"] === "HowToSection")).toBe(true);
    expect(sections.map((section) => [section.name, section.itemListElement.length])).toEqual([
      ["Sauce", 2],
      [undefined, 1],
      ["Notes", 1],
    ]);
    expect(sections[0].itemListElement[0]).toEqual({ "@type": "HowToStep", text: "Make the sauce." });
  });

  it("writes a group's heading before its lines as a line ending in a colon", () => {
    const document = recipeJsonLd(
      recipe({
        lines: [
          { name: "pasta", quantity: "200 g", section: null },
          { name: "butter", quantity: "50 g", section: "For the sauce" },
          { name: "milk", quantity: "500 ml", section: "For the sauce" },
        ],
      })
    );
    expect(document.recipeIngredient).toEqual(["200 g pasta", "For the sauce:", "50 g butter", "500 ml milk"]);
  });

  it("is read back by our own importer field for field", () => {
    const exported = recipe({
      totalTime: 60,
      lines: [
        { name: "pasta", quantity: "200 g", section: null },
        { name: "butter", quantity: "50 g", section: "For the sauce" },
      ],
      steps: [
        { text: "Boil the pasta.", section: null },
        { text: "Melt the butter.", section: "Sauce" },
        { text: "Toss together.", section: null },
      ],
    });
    const read = parseRecipeDocument(JSON.stringify(recipeJsonLd(exported)), "json");
    if (!read.ok) throw new Error(read.reason);
    expect(read.draft).toMatchObject({
      name: "Shakshuka",
      prepTime: 10,
      cookingTime: 25,
      totalTime: 60,
      servings: 2,
      sourceUrl: "https://example.com/shakshuka",
      cuisines: ["Middle Eastern"],
      occasions: ["Breakfast"],
      steps: ["Boil the pasta.", "Melt the butter.", "Toss together."],
      stepSections: [null, "Sauce", null],
      tips: ["Serve with bread."],
    });
    expect(read.draft.ingredients.map(({ quantity, name, section }) => [quantity, name, section ?? null])).toEqual([
      ["200 g", "pasta", null],
      ["50 g", "butter", "For the sauce"],
    ]);
  });
});

describe("the parts of the export", () => {
  it("writes minutes as ISO 8601 durations", () => {
    expect([5, 45, 60, 90, 135].map(isoDuration)).toEqual(["PT5M", "PT45M", "PT1H", "PT1H30M", "PT2H15M"]);
  });

  it("writes an ingredient line with its note after a comma", () => {
    expect(ingredientLineText({ name: "eggs", quantity: "3, separated", section: null })).toBe("3 eggs, separated");
    expect(ingredientLineText({ name: "pepper", quantity: "", section: null })).toBe("pepper");
  });

  it("names a recipe's folder safely and once", () => {
    const taken = new Set<string>();
    expect(recipeFolderName("../../etc/passwd", taken)).toBe("etc passwd");
    expect(recipeFolderName('Pie: "best"?', taken)).toBe("Pie best");
    expect(recipeFolderName("pie BEST", taken)).toBe("pie BEST (2)");
    expect(recipeFolderName("CON", taken)).toBe("Recipe CON");
    expect(recipeFolderName("///", taken)).toBe("Recipe");
  });

  it("writes CSV a spreadsheet reads back, formulas disarmed", () => {
    const csv = csvTable(
      ["name", "quantity"],
      [
        ['Eggs, "free range"', "6"],
        ["Flour\nstrong", null],
        ['=HYPERLINK("http://x")', "-1"],
      ]
    );
    expect(csv.startsWith("\ufeffname,quantity\r\n")).toBe(true);
    expect(parse(csv, { bom: true, columns: true })).toEqual([
      { name: 'Eggs, "free range"', quantity: "6" },
      { name: "Flour\nstrong", quantity: "" },
      { name: '\'=HYPERLINK("http://x")', quantity: "'-1" },
    ]);
  });
});
