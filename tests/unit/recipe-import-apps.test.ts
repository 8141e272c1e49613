/**
 * Other apps' exports, written here by hand from each app's documented layout (none of them is a shared sample the
 * readers were tuned on), and hostile archives. Each case says what a cook switching apps would expect.
 */
import { gzipSync, Inflate, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import {
  ARCHIVE_SIZES_FORGED,
  ARCHIVE_ZIP64,
  ARCHIVE_TOO_DEEP,
  ARCHIVE_TOO_LARGE,
  ARCHIVE_TOO_MANY_ENTRIES,
  ARCHIVE_TOO_PACKED,
  MAX_ARCHIVE_ENTRIES,
  unpackFile,
} from "~/domain/recipe-import/archive";
import { asZip64, withForgedSizes } from "../support/hostile-archives";
import { readExportFile, type ExportReading } from "~/domain/recipe-import/apps/export-file";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const json = (value: unknown) => strToU8(JSON.stringify(value));

function recipes(reading: ExportReading) {
  if (!reading.ok) throw new Error(`not read: ${reading.reason}`);
  return reading.recipes.map(({ item, result, photo, duplicate }) => {
    if (!result.ok) return { item, reason: result.reason, duplicate };
    const { draft } = result;
    return {
      item,
      name: draft.name,
      lines: draft.ingredients.map((line) => (line.section ? `[${line.section}] ` : "") + line.name),
      steps: draft.steps,
      servings: draft.servings,
      prepTime: draft.prepTime,
      cookingTime: draft.cookingTime,
      totalTime: draft.totalTime,
      sourceUrl: draft.sourceUrl,
      cuisines: draft.cuisines,
      occasions: draft.occasions,
      photo: photo ? photo.length : null,
    };
  });
}

describe("each app's export, written by hand", () => {
  it("reads a Paprika .paprikarecipes (a zip of gzip'd JSON) with its embedded photo and categories", () => {
    const recipe = {
      name: "Lentil Soup",
      ingredients: "For the soup:\n200 g red lentils\n1 onion, chopped\n1 l vegetable stock",
      directions: "Fry the onion.\nAdd lentils and stock; simmer 20 minutes.",
      servings: "4 servings",
      prep_time: "10 min",
      cook_time: "25 min",
      total_time: "",
      source_url: "https://example.org/lentil-soup",
      categories: ["Soups", "Dinner", "Indian"],
      photo_data: Buffer.from(PNG).toString("base64"),
      notes: "Freezes well.",
    };
    const file = zipSync({ "Lentil Soup.paprikarecipe": gzipSync(json(recipe)) });
    expect(recipes(readExportFile("My Recipes.paprikarecipes", file))).toEqual([
      expect.objectContaining({
        name: "Lentil Soup",
        lines: ["[For the soup] red lentils", "[For the soup] onion", "[For the soup] vegetable stock"],
        steps: ["Fry the onion.", "Add lentils and stock; simmer 20 minutes."],
        servings: 4,
        prepTime: 10,
        cookingTime: 25,
        sourceUrl: "https://example.org/lentil-soup",
        cuisines: ["Indian"],
        occasions: ["Dinner"],
        photo: PNG.length,
      }),
    ]);
  });

  it("reads a lone .paprikarecipe by its content, whatever its name says", () => {
    const recipe = { name: "Toast", ingredients: "2 slices bread\n1 tbsp butter", directions: "Toast. Butter." };
    const [read] = recipes(readExportFile("toast.json", gzipSync(json(recipe))));
    expect(read).toMatchObject({ name: "Toast", lines: ["bread", "butter"], steps: ["Toast. Butter."] });
  });

  it("reads a Mealie backup: titled ingredient sections, titled steps, times, tags, the photo in images/", () => {
    const recipe = {
      name: "Pancakes",
      slug: "pancakes",
      recipe_yield: "8 pancakes",
      total_time: "30 minutes",
      prep_time: "10 minutes",
      org_url: "https://example.org/pancakes",
      recipe_category: ["Breakfast"],
      tags: ["American"],
      recipe_ingredient: [
        { title: "Batter", note: "200 g flour", disable_amount: true },
        { title: null, note: "2 eggs", disable_amount: true },
        { title: "To serve", note: "maple syrup", disable_amount: true },
      ],
      recipe_instructions: [
        { title: "", text: "Whisk the batter." },
        { title: "Cooking", text: "Fry in a pan." },
      ],
    };
    const file = zipSync({
      "backup/recipes/pancakes/pancakes.json": json(recipe),
      "backup/recipes/pancakes/images/original.webp": PNG,
      "backup/recipes/pancakes/images/tiny-original.webp": new Uint8Array([1]),
      "backup/settings.json": json({ theme: "dark" }),
    });
    expect(recipes(readExportFile("mealie.zip", file))).toEqual([
      expect.objectContaining({
        name: "Pancakes",
        lines: ["[Batter] flour", "[Batter] eggs", "[To serve] maple syrup"],
        steps: ["Whisk the batter.", "Fry in a pan."],
        servings: 8,
        prepTime: 10,
        totalTime: null,
        cookingTime: 20,
        sourceUrl: "https://example.org/pancakes",
        cuisines: ["American"],
        occasions: ["Breakfast"],
        photo: PNG.length,
      }),
    ]);
  });

  it("reads a Tandoor export (a zip of zips): amounts, units and foods, the step's name as a section", () => {
    const recipe = {
      name: "Tomato Pasta",
      servings: 2,
      working_time: 10,
      waiting_time: 15,
      source_url: "https://example.org/pasta",
      keywords: [{ name: "Italian" }, { name: "Course: Dinner" }],
      steps: [
        {
          name: "Sauce",
          instruction: "Simmer the tomatoes with the garlic.",
          ingredients: [
            { food: { name: "tomatoes" }, unit: { name: "g" }, amount: 400, note: "chopped" },
            { food: { name: "garlic" }, unit: null, amount: 2, note: "" },
          ],
        },
        {
          name: "",
          instruction: "Boil the pasta and toss.",
          ingredients: [{ food: { name: "spaghetti" }, unit: { name: "g" }, amount: 200, note: "" }],
        },
      ],
    };
    const inner = zipSync({ "recipe.json": json(recipe), "image.jpg": PNG });
    const [read] = recipes(readExportFile("export.zip", zipSync({ "1.zip": inner })));
    expect(read).toMatchObject({
      name: "Tomato Pasta",
      lines: ["[Sauce] tomatoes", "[Sauce] garlic", "[Step 2] spaghetti"],
      steps: ["Simmer the tomatoes with the garlic.", "Boil the pasta and toss."],
      servings: 2,
      // Tandoor's waiting time is time at the stove or in the oven
      prepTime: 10,
      cookingTime: 15,
      sourceUrl: "https://example.org/pasta",
      cuisines: ["Italian"],
      occasions: ["Dinner"],
      photo: PNG.length,
    });
  });

  it("reads Nextcloud Cookbook folders of recipe.json with full.jpg beside, not the thumbnail", () => {
    const recipe = {
      "@context": "http://schema.org",
      "@type": "Recipe",
      name: "Greek Salad",
      recipeYield: 2,
      prepTime: "PT15M",
      recipeCuisine: "Greek",
      recipeCategory: "Lunch",
      recipeIngredient: ["2 tomatoes", "1 cucumber", "100 g feta"],
      recipeInstructions: ["Chop the vegetables.", "Top with feta."],
      url: "https://example.org/greek-salad",
    };
    const file = zipSync({
      "Greek Salad/recipe.json": json(recipe),
      "Greek Salad/thumb.jpg": new Uint8Array([9]),
      "Greek Salad/full.jpg": PNG,
    });
    expect(recipes(readExportFile("nextcloud.zip", file))).toEqual([
      expect.objectContaining({
        name: "Greek Salad",
        lines: ["tomatoes", "cucumber", "feta"],
        prepTime: 15,
        occasions: ["Lunch"],
        photo: PNG.length,
      }),
    ]);
  });

  it("reads every recipe of a Copy Me That page, with subheadings as sections and the photo from images/", () => {
    const html = `<html><body>
<div class = "recipe"><div id = "name">Fish Tacos</div>
<div id = "link"><a id = "original_link" href = "https://example.org/tacos?a=1&amp;b=2">link</a></div>
<img class= "recipeImage" src = "images/fish_tacos.jpg"/>
<div id = "servings">Servings: <a id="recipeYield">3</a></div>
<span class = "recipeCategory">Mexican</span>
<ul id = "recipeIngredients">
<li class= "recipeIngredient_subheader">Slaw</li><li class= "recipeIngredient">1/4 cabbage</li>
<li class= "recipeIngredient_subheader">Fish</li><li class= "recipeIngredient">300 g cod</li>
<li class= "recipeIngredient">6 tortillas</li></ul>
<ol id = "recipeInstructions"><li class = "instruction">Shred the cabbage.</li><li class = "instruction">Fry the cod.</li></ol>
<ul id = "recipeNotes"><li class = "recipeNote">Lime helps.</li></ul></div>
<div class = "recipe"><div id = "name">Boiled Egg</div>
<ul><li class= "recipeIngredient">1 egg</li></ul><ol><li class = "instruction">Boil 7 minutes.</li></ol></div>
</body></html>`;
    const file = zipSync({ "recipes.html": strToU8(html), "images/fish_tacos.jpg": PNG });
    expect(recipes(readExportFile("copymethat.zip", file))).toEqual([
      expect.objectContaining({
        name: "Fish Tacos",
        lines: ["[Slaw] cabbage", "[Fish] cod", "[Fish] tortillas"],
        steps: ["Shred the cabbage.", "Fry the cod."],
        servings: 3,
        sourceUrl: "https://example.org/tacos?a=1&b=2",
        cuisines: ["Mexican"],
        photo: PNG.length,
      }),
      expect.objectContaining({ name: "Boiled Egg", lines: ["egg"], steps: ["Boil 7 minutes."], photo: null }),
    ]);
  });

  it("reads Plan to Eat's CSV: quoted multi-line cells, ', Heading' lines as sections, Url as the source", () => {
    const csv = [
      "Title,Course,Cuisine,Source,Url,Prep Time,Cook Time,Servings,Ingredients,Directions,Tags",
      `Chili,Main Course,Mexican,My notebook,https://example.org/chili,15,60,6,"1 lb beef
, Spices
2 tbsp chili powder
1 tsp cumin","Brown the beef.
Add everything and simmer.","Spicy, Winter"`,
    ].join("\n");
    expect(recipes(readExportFile("plantoeat.csv", strToU8(csv)))).toEqual([
      expect.objectContaining({
        item: "plantoeat.csv › Chili",
        name: "Chili",
        lines: ["beef", "[Spices] chili powder", "[Spices] cumin"],
        steps: ["Brown the beef.", "Add everything and simmer."],
        servings: 6,
        prepTime: 15,
        cookingTime: 60,
        sourceUrl: "https://example.org/chili",
        cuisines: ["Mexican"],
      }),
    ]);
  });

  it("reads My Recipe Box's CSV, and tells it apart from a page by its header, not its name", () => {
    const csv = `title,description,preparationTime,cookingTime,totalTime,quantity,ingredients,instructions,notes,categories,tags,source,originalPicture,
Porridge,,5,10,15,2,"80 g oats
500 ml milk","Simmer the oats in the milk.",,Breakfast,,https://example.org/porridge,,
Porridge,,5,10,15,2,"80 g oats","Simmer.",,Breakfast,,https://example.org/porridge,,
`;
    const read = recipes(readExportFile("export.txt", strToU8(csv)));
    expect(read[0]).toMatchObject({ name: "Porridge", lines: ["oats", "milk"], servings: 2, occasions: ["Breakfast"] });
    // the same title and source twice in one file: imported once, the second reported as a duplicate
    expect(read[1]).toMatchObject({ duplicate: true, reason: 'a duplicate of "Porridge" earlier in the file' });
  });

  it("reads a Chowdown site: front-matter lists, sections as maps, the photo from images/", () => {
    const md = `---
layout: recipe
title: "Garlic Bread"
image: garlic-bread.jpg
tags: sides, italian

ingredients:
- 1 baguette
- Butter:
  - 50 g butter
  - 2 cloves garlic

directions:
- Mix butter and garlic.
- Spread and bake 10 minutes.
---

Great with soup.`;
    const file = zipSync({ "site/_recipes/garlic-bread.md": strToU8(md), "site/images/garlic-bread.jpg": PNG });
    expect(recipes(readExportFile("chowdown.zip", file))).toEqual([
      expect.objectContaining({
        name: "Garlic Bread",
        lines: ["baguette", "[Butter] butter", "[Butter] garlic"],
        steps: ["Mix butter and garlic.", "Spread and bake 10 minutes."],
        cuisines: ["Italian"],
        occasions: ["Side Dish"],
        photo: PNG.length,
      }),
    ]);
  });

  it("reads Cooklang: >> metadata, @ingredients{qty%unit}, one-word and multi-word, sections, comments", () => {
    const cook = `>> title: Shakshuka
>> servings: 2
>> source: https://example.org/shakshuka
>> tags: Middle Eastern, Breakfast
>> time: 30 minutes

-- a comment the cook keeps for themself
= Sauce
Fry @onion{1} and @red pepper{1} in @olive oil{2%tbsp} in a #frying pan{}.
Add @chopped tomatoes{400%g} and @salt, simmer for ~{10%minutes}.

= Eggs
Crack in @eggs{4} and cover until set. [- not too long -]
`;
    const file = zipSync({ "Shakshuka.cook": strToU8(cook), "Shakshuka.jpg": PNG });
    expect(recipes(readExportFile("cooklang.zip", file))).toEqual([
      expect.objectContaining({
        name: "Shakshuka",
        lines: [
          "[Sauce] onion",
          "[Sauce] red pepper",
          "[Sauce] olive oil",
          "[Sauce] chopped tomatoes",
          "[Sauce] salt",
          "[Eggs] eggs",
        ],
        steps: [
          "Fry onion and red pepper in olive oil in a frying pan. Add chopped tomatoes and salt, simmer for 10 minutes.",
          "Crack in eggs and cover until set.",
        ],
        servings: 2,
        cookingTime: 30,
        sourceUrl: "https://example.org/shakshuka",
        cuisines: ["Middle Eastern"],
        occasions: ["Breakfast"],
        photo: PNG.length,
      }),
    ]);
  });
});

describe("hostile archives", () => {
  it("refuses a zip bomb by its packing ratio before inflating it", () => {
    const bomb = zipSync({ "recipe.json": new Uint8Array(50 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(readExportFile("bomb.zip", bomb)).toEqual({ ok: false, reason: ARCHIVE_TOO_PACKED });
  });

  it("refuses an archive that unpacks to more than its allowance, however it is packed", () => {
    const random = (size: number) => Uint8Array.from({ length: size }, () => Math.floor(Math.random() * 256));
    const chunk = random(1024 * 1024);
    const files = Object.fromEntries(Array.from({ length: 70 }, (_, index) => [`photo-${index}.jpg`, chunk]));
    expect(readExportFile("big.zip", zipSync(files, { level: 0 }))).toEqual({ ok: false, reason: ARCHIVE_TOO_LARGE });
  });

  // A zip bomb that declares small sizes passes every check made before inflating; fflate kept inflating its whole
  // stream into nothing (half a second for 50 MB of zeros, the worker's whole budget for a 15 MB upload of them).
  it("refuses an entry that inflates past the size it declares, stopping there, whatever the header says", () => {
    const liar = withForgedSizes(zipSync({ "a.md": new Uint8Array(200_000).fill(65) }), 100);
    expect(() => unpackFile("liar.zip", liar)).toThrow(ARCHIVE_SIZES_FORGED);
    const bomb = withForgedSizes(
      zipSync({ "r.json": strToU8("{}"), "a.json": new Uint8Array(50 * 1024 * 1024) }),
      1024
    );
    const pushes = vi.spyOn(Inflate.prototype, "push");
    expect(readExportFile("bomb.zip", bomb)).toEqual({ ok: false, reason: ARCHIVE_SIZES_FORGED });
    // stopped at the first piece past 1,024 bytes: one push for the small entry, one for the bomb (its ~50 KB of
    // compressed zeros would take four)
    expect(pushes.mock.calls.length).toBeLessThanOrEqual(2);
    pushes.mockRestore();
    // the same archive, honest, reads as before
    expect(unpackFile("honest.zip", zipSync({ "a.md": new Uint8Array(200_000).fill(65) }))[0].bytes.length).toBe(
      200_000
    );
  });

  // fflate reads a ZIP64 archive whole, inflating a bomb's every byte whatever its entries declare; no recipe export
  // comes near ZIP64's 4 GB or 65,535 files, so one is refused before anything is inflated.
  it("refuses a ZIP64 archive, a zip bomb marked ZIP64 among them", () => {
    const honest = zipSync({ "r.json": strToU8("{}") });
    expect(Object.keys(unzipSync(asZip64(honest)))).toEqual(["r.json"]);
    expect(readExportFile("honest64.zip", asZip64(honest))).toEqual({ ok: false, reason: ARCHIVE_ZIP64 });
    const bomb = withForgedSizes(
      zipSync({ "r.json": strToU8("{}"), "a.json": new Uint8Array(50 * 1024 * 1024) }),
      1024
    );
    expect(readExportFile("bomb64.zip", asZip64(bomb))).toEqual({ ok: false, reason: ARCHIVE_ZIP64 });
  });

  it("refuses entry names that climb out of the folder or are absolute", () => {
    for (const name of ["../../etc/passwd", "recipes/../../x.json", "/etc/passwd", "C:\\x.json", "a\\..\\..\\b"]) {
      const reading = readExportFile("evil.zip", zipSync({ [name]: strToU8("{}") }));
      expect(reading).toEqual({ ok: false, reason: expect.stringContaining("names a file outside its folder") });
    }
  });

  it("refuses thousands of entries", () => {
    const files = Object.fromEntries(
      Array.from({ length: MAX_ARCHIVE_ENTRIES + 1 }, (_, index) => [`r${index}.txt`, new Uint8Array([65])])
    );
    expect(readExportFile("many.zip", zipSync(files, { level: 0 }))).toEqual({
      ok: false,
      reason: ARCHIVE_TOO_MANY_ENTRIES,
    });
  });

  it("refuses archives nested deeper than an app's export nests them", () => {
    let nested = zipSync({ "recipe.json": strToU8("{}") });
    for (let level = 0; level < 3; level++) nested = zipSync({ [`level${level}.zip`]: nested });
    expect(readExportFile("deep.zip", nested)).toEqual({ ok: false, reason: ARCHIVE_TOO_DEEP });
  });

  it("says what is wrong with a broken zip or a file holding no recipe", () => {
    expect(readExportFile("broken.zip", new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toEqual({
      ok: false,
      reason: "the archive could not be read",
    });
    expect(readExportFile("photos.zip", zipSync({ "a.jpg": PNG }))).toEqual({
      ok: false,
      reason: "no recipe found in the file",
    });
  });
});
