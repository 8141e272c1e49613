/**
 * Derives prisma/data/ingredients.json (loaded by the seed) from the hand-curated
 * prisma/data/catalogue-source.ts and the shared reference data in ../shared/data:
 * USDA SR28 (nutrition per 100 g, household measures), Poore & Nemecek 2018 and ghgi (kg CO2e per kg),
 * USDA FoodKeeper (shelf life, through shelf-life-source.ts), the Open Food Facts ingredients taxonomy
 * (each ingredient's parent, corrected by parent-source.ts), and checks every icon name against
 * @iconify-json/fluent-emoji-flat.
 *
 *   npx tsx prisma/data/derive-catalogue.ts      (SHARED_DATA=/path/to/shared/data to read it elsewhere)
 *
 * Skips with a message when ../shared is absent (a clone without the shared data keeps the committed JSON).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

import { nameKey } from "../../app/domain/catalogue";
import { TYPE_ICONS } from "../../app/domain/ingredient-types";
import { catalogueSource, type CatalogueSourceEntry } from "./catalogue-source";
import { PARENT_CORRECTIONS } from "./parent-source";
import { FOODKEEPER_PRODUCT, SHELF_LIFE_CORRECTIONS, TYPE_DEFAULTS, type ShelfLifeFigures } from "./shelf-life-source";

const here = path.dirname(fileURLToPath(import.meta.url));
/** ../shared/data beside the checkout; SHARED_DATA names another place (a git worktree sits elsewhere). */
const sharedData = process.env.SHARED_DATA ?? path.resolve(here, "../../../shared/data");
const outputFile = path.join(here, "ingredients.json");

/** SR28 nutrient numbers → field names of the Ingredient model. */
const NUTRIENTS: Record<string, string> = {
  "208": "caloriesPer100g",
  "203": "proteinPer100g",
  "204": "fatPer100g",
  "205": "carbohydratesPer100g",
  "307": "sodiumMgPer100g",
  "269": "sugarPer100g",
};

const CUP_ML = 236.6;

/** Reads an SR28 file: `~`-quoted text fields, `^`-separated. */
function readSr28(file: string): string[][] {
  const raw = file.endsWith(".gz")
    ? gunzipSync(readFileSync(file)).toString("latin1")
    : readFileSync(file, "latin1");
  return raw
    .split(/\r\n|\r|\n/)
    .filter((line) => line.length > 0)
    .map((line) => line.split("^").map((field) => field.replace(/^~|~$/g, "")));
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function readNutrition(ndbNumbers: Set<string>): Map<string, Record<string, number>> {
  const byFood = new Map<string, Record<string, number>>();
  for (const [ndb, nutrient, value] of readSr28(path.join(sharedData, "usda-sr28/NUT_DATA.txt.gz"))) {
    const field = NUTRIENTS[nutrient];
    if (!field || !ndbNumbers.has(ndb)) continue;
    const values = byFood.get(ndb) ?? {};
    values[field] = round(Number(value), field === "sodiumMgPer100g" ? 0 : 1);
    byFood.set(ndb, values);
  }
  return byFood;
}

/** Which of our units a USDA household-measure description stands for. */
function unitOfMeasure(description: string): string | null {
  const d = description.toLowerCase();
  if (/^cups?\b/.test(d)) return "cup";
  if (/^(tbsp|tablespoons?)\b/.test(d)) return "tbsp";
  if (/^(tsp|teaspoons?)\b/.test(d)) return "tsp";
  if (/^cloves?\b/.test(d)) return "clove";
  if (/^slices?\b/.test(d)) return "slice";
  if (/^sprigs?\b/.test(d)) return "sprig";
  if (/^stalks?\b/.test(d)) return "stalk";
  if (/^(leaf|leaves)\b/.test(d)) return "leaf";
  if (/^(medium|fruit|whole|each|piece|large|small|egg|breast|thigh|wing|drumstick|link|patty|chop|fillet|steak)\b/.test(d)) return "piece";
  return null;
}

/** Rank of a description within its unit: plain "cup" beats "cup cherry tomatoes", "medium" beats "large". */
function measurePreference(unit: string, description: string): number {
  const d = description.toLowerCase();
  if (unit === "piece") {
    const order = ["medium", "fruit", "whole", "each", "piece", "large", "small"];
    const index = order.findIndex((word) => d.startsWith(word));
    return index === -1 ? order.length : index;
  }
  return /^[a-z]+(,|$)/.test(d) ? 0 : 1;
}

function readMeasures(ndbNumbers: Set<string>): Map<string, Record<string, number>> {
  const best = new Map<string, Map<string, { grams: number; rank: number }>>();
  for (const [ndb, , amount, description, grams] of readSr28(path.join(sharedData, "usda-sr28/WEIGHT.txt"))) {
    if (!ndbNumbers.has(ndb)) continue;
    const unit = unitOfMeasure(description);
    const perUnit = Number(grams) / Number(amount);
    if (!unit || !(perUnit > 0)) continue;
    const rank = measurePreference(unit, description);
    const units = best.get(ndb) ?? new Map();
    const current = units.get(unit);
    if (!current || rank < current.rank) units.set(unit, { grams: perUnit, rank });
    best.set(ndb, units);
  }
  return new Map(
    [...best].map(([ndb, units]) => [ndb, Object.fromEntries([...units].map(([unit, { grams }]) => [unit, grams]))]),
  );
}

interface GhgiProduct {
  g?: number;
  sg?: number;
  super?: Record<string, number>;
}

/** kg CO2e per kg for a Poore & Nemecek product name or a ghgi product key. */
function createCo2Resolver() {
  const poore = new Map<string, number>();
  const csv = readFileSync(path.join(sharedData, "co2/Food_Production_PooreNemecek2018.csv"), "utf8");
  for (const line of csv.split(/\r?\n/).slice(1)) {
    const fields = line.split(",");
    if (fields.length > 8 && fields[0]) poore.set(fields[0].toLowerCase(), Number(fields[8]));
  }
  const products: Record<string, GhgiProduct> = JSON.parse(
    readFileSync(path.join(sharedData, "co2/ghgi/products.json"), "utf8"),
  );
  const origins: Record<string, [number[], number[]]> = JSON.parse(
    readFileSync(path.join(sharedData, "co2/ghgi/global.json"), "utf8"),
  );
  const aliasOfPoore: Record<string, string> = { "onions & leeks (alliums)": "onions & leeks" };

  function resolve(key: string): number | null {
    const pooreValue = poore.get(aliasOfPoore[key] ?? key);
    if (pooreValue !== undefined) return pooreValue;
    const origin = origins[key];
    if (origin && Array.isArray(origin[1])) return origin[1][2]; // global median
    const parts = Object.entries(products[key]?.super ?? {});
    if (parts.length === 0) return null;
    let total = 0;
    for (const [part, percent] of parts) {
      const value = resolve(part);
      if (value === null) continue;
      total += (value * percent) / 100;
    }
    return total;
  }
  return { resolve, product: (key: string) => products[key], isKnown: (key: string) => poore.has(aliasOfPoore[key] ?? key) || key in products };
}

function readIconNames(): Set<string> {
  const require = createRequire(import.meta.url);
  const iconSet = require("@iconify-json/fluent-emoji-flat/icons.json") as { icons: Record<string, unknown> };
  return new Set(Object.keys(iconSet.icons));
}

/** Completes volume measures from each other and adds a pinch for seasonings. */
function completeUnits(entry: CatalogueSourceEntry, usda: Record<string, number>, specificGravity?: number) {
  const units: Record<string, number> = { ...usda };
  if (units.cup === undefined && units.tbsp === undefined && units.tsp === undefined && specificGravity) {
    units.cup = CUP_ML * specificGravity;
  }
  if (units.tbsp === undefined && units.cup !== undefined) units.tbsp = units.cup / 16;
  if (units.tbsp === undefined && units.tsp !== undefined) units.tbsp = units.tsp * 3;
  if (units.tsp === undefined && units.tbsp !== undefined) units.tsp = units.tbsp / 3;
  if (units.cup === undefined && units.tbsp !== undefined) units.cup = units.tbsp * 16;
  if (entry.type === "Seasoning" && units.pinch === undefined && units.tsp !== undefined) units.pinch = units.tsp / 16;
  Object.assign(units, entry.units);
  return Object.fromEntries(
    Object.entries(units)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([unit, grams]) => [unit, round(grams, grams < 1 ? 2 : 1)]),
  );
}

type FoodKeeperProduct = Record<string, string | number | null>;

/** FoodKeeper's products by ID; the workbook's sheets are lists of rows of one-key objects. */
function readFoodKeeper(): Map<number, FoodKeeperProduct> {
  const workbook: { sheets: { name: string; data: Record<string, string | number | null>[][] }[] } = JSON.parse(
    readFileSync(path.join(sharedData, "shelf-life/foodkeeper.json"), "utf8"),
  );
  const rows = workbook.sheets.find((sheet) => sheet.name === "Product")!.data;
  const products = rows.map((cells) => Object.assign({}, ...cells) as FoodKeeperProduct);
  return new Map(products.map((row) => [Number(row.ID), row]));
}

const DAYS_PER: Record<string, number> = { Hours: 1 / 24, Days: 1, Weeks: 7, Months: 30, Year: 365, Years: 365 };
/** FoodKeeper's category of foods bought frozen. */
const BOUGHT_FROZEN_CATEGORY = 8;
/** Days a food FoodKeeper only tells to refrigerate keeps out of the fridge, at most. */
const OUT_OF_FRIDGE_DAYS = 2;

/** Whole days of the first of these FoodKeeper periods that has a figure (the end of its range), or null. */
function periodDays(product: FoodKeeperProduct, ...periods: string[]): number | null {
  for (const period of periods) {
    const days = DAYS_PER[String(product[`${period}_Metric`])];
    const amount = product[`${period}_Max`] ?? product[`${period}_Min`];
    if (days && typeof amount === "number") return Math.max(1, Math.round(amount * days));
  }
  return null;
}

/** Shelf life from FoodKeeper's product, with the type default filling what it does not give. */
function shelfLifeOf(entry: CatalogueSourceEntry, product: FoodKeeperProduct | undefined) {
  const fallback = TYPE_DEFAULTS[entry.type];
  let figures: ShelfLifeFigures = { ...fallback };
  if (product) {
    const pantry = periodDays(product, "Pantry", "DOP_Pantry");
    const cupboard = pantry ?? periodDays(product, "Pantry_After_Opening");
    const refrigerated = periodDays(product, "Refrigerate", "DOP_Refrigerate");
    const fridge = refrigerated ?? cupboard ?? periodDays(product, "Refrigerate_After_Opening") ?? fallback.fridge;
    const freezer = periodDays(product, "Freeze", "DOP_Freeze");
    const opened = periodDays(product, "Refrigerate_After_Opening", "Pantry_After_Opening");
    let storage = fallback.storage;
    const frozenOnly = freezer !== null && refrigerated === null && cupboard === null;
    if (product.Category_ID === BOUGHT_FROZEN_CATEGORY || frozenOnly) {
      storage = "freezer";
    } else if (pantry !== null && (refrigerated === null || pantry >= refrigerated)) storage = "cupboard";
    else if (refrigerated !== null) storage = "fridge";
    else if (cupboard !== null) storage = "cupboard";
    figures = {
      fridge,
      freezer,
      cupboard: cupboard ?? Math.min(fridge ?? 0, fallback.cupboard ?? 0, OUT_OF_FRIDGE_DAYS),
      opened,
      storage,
    };
  }
  figures = { ...figures, ...SHELF_LIFE_CORRECTIONS[entry.name] };
  const fridge = figures.fridge ?? figures.cupboard ?? fallback.fridge ?? 0;
  const cupboard = figures.cupboard ?? 0;
  const closed = figures.storage === "cupboard" ? cupboard : fridge;
  return {
    fridge,
    freezer: figures.freezer ?? Math.max(fridge, cupboard),
    cupboard,
    opened: figures.opened !== null && figures.opened < closed ? figures.opened : null,
    storage: figures.storage,
  };
}

interface TaxonomyEntry {
  parents?: string[];
  name?: Record<string, string>;
  synonyms?: Record<string, string[]>;
}

/**
 * Each ingredient's parent: the nearest ancestor in the Open Food Facts taxonomy that is another catalogue
 * ingredient of the same type (so chicken stock does not become a kind of chicken), then parent-source.ts's
 * corrections. Answers name → [parent or null, taxonomy id or null].
 */
function readParents(entries: readonly CatalogueSourceEntry[], aliasesOf: Map<string, string[]>) {
  const taxonomy: Record<string, TaxonomyEntry> = JSON.parse(
    gunzipSync(readFileSync(path.join(sharedData, "taxonomy/ingredients.full.json.gz"))).toString("utf8"),
  );
  const englishNames = (id: string) =>
    [taxonomy[id]?.name?.en, ...(taxonomy[id]?.synonyms?.en ?? [])].filter((name): name is string => !!name);
  /** first one wins, as in the catalogue's own index */
  const addFirst = <T>(map: Map<string, T>, name: string, value: T) => {
    if (!map.has(nameKey(name))) map.set(nameKey(name), value);
  };
  const idsByKey = new Map<string, string>();
  for (const id of Object.keys(taxonomy)) for (const name of englishNames(id)) addFirst(idsByKey, name, id);
  const entryByKey = new Map<string, CatalogueSourceEntry>();
  for (const entry of entries) for (const alias of aliasesOf.get(entry.name)!) addFirst(entryByKey, alias, entry);
  const otherOfSameType = (ancestor: string, entry: CatalogueSourceEntry) =>
    englishNames(ancestor)
      .map((name) => entryByKey.get(nameKey(name)))
      .find((found) => found && found.name !== entry.name && found.type === entry.type);

  const result = new Map<string, [string | null, string | null]>();
  for (const entry of entries) {
    const ids = aliasesOf.get(entry.name)!.map((alias) => idsByKey.get(nameKey(alias)));
    const id = ids.find((found) => found !== undefined) ?? null;
    let parent: string | null = null;
    const seen = new Set<string>();
    let frontier = id ? (taxonomy[id]?.parents ?? []) : [];
    while (frontier.length > 0 && parent === null) {
      const next: string[] = [];
      for (const ancestor of frontier) {
        if (seen.has(ancestor)) continue;
        seen.add(ancestor);
        const found = otherOfSameType(ancestor, entry);
        if (found && parent === null) parent = found.name;
        next.push(...(taxonomy[ancestor]?.parents ?? []));
      }
      frontier = next;
    }
    const corrected = entry.name in PARENT_CORRECTIONS ? PARENT_CORRECTIONS[entry.name] : parent;
    result.set(entry.name, [corrected, id]);
  }
  return result;
}

function main() {
  if (!existsSync(sharedData)) {
    console.log(`Skipped: ${sharedData} is absent; prisma/data/ingredients.json is left as committed.`);
    return;
  }
  const ndbNumbers = new Set(catalogueSource.map((entry) => entry.ndb));
  const nutrition = readNutrition(ndbNumbers);
  const measures = readMeasures(ndbNumbers);
  const co2 = createCo2Resolver();
  const iconNames = readIconNames();
  const foodKeeper = readFoodKeeper();
  const aliasesOf = new Map(
    catalogueSource.map((entry) => {
      const names = [entry.name, entry.plural, ...(entry.synonyms ?? [])].filter((a): a is string => !!a);
      return [entry.name, [...new Set(names)]];
    }),
  );
  const parents = readParents(catalogueSource, aliasesOf);

  const problems: string[] = [];
  const aliasOwner = new Map<string, string>();
  const ingredients = catalogueSource.map((entry) => {
    const values = nutrition.get(entry.ndb);
    if (!values) problems.push(`${entry.name}: USDA NDB ${entry.ndb} not found`);
    if (entry.co2 !== null && !co2.isKnown(entry.co2)) problems.push(`${entry.name}: unknown CO2 product "${entry.co2}"`);
    const icon = entry.icon ?? TYPE_ICONS[entry.type];
    if (!iconNames.has(icon)) problems.push(`${entry.name}: unknown icon "${icon}"`);
    const aliases = aliasesOf.get(entry.name)!;
    const foodKeeperId = FOODKEEPER_PRODUCT[entry.name] ?? null;
    if (foodKeeperId !== null && !foodKeeper.has(foodKeeperId)) {
      problems.push(`${entry.name}: FoodKeeper product ${foodKeeperId} not found`);
    }
    const [parent, taxonomyId] = parents.get(entry.name)!;
    if (parent !== null && !aliasesOf.has(parent)) {
      problems.push(`${entry.name}: parent "${parent}" is not in the catalogue`);
    }
    for (const alias of aliases) {
      if (alias !== alias.toLowerCase()) problems.push(`${entry.name}: alias "${alias}" is not lowercase`);
      const owner = aliasOwner.get(nameKey(alias));
      if (owner && owner !== entry.name) problems.push(`alias "${alias}" means both ${owner} and ${entry.name}`);
      aliasOwner.set(nameKey(alias), entry.name);
    }
    const co2PerKg = entry.co2 === null ? null : co2.resolve(entry.co2);
    return {
      name: entry.name,
      plural: entry.plural,
      type: entry.type,
      icon,
      caloriesPer100g: values?.caloriesPer100g ?? null,
      proteinPer100g: values?.proteinPer100g ?? null,
      fatPer100g: values?.fatPer100g ?? null,
      carbohydratesPer100g: values?.carbohydratesPer100g ?? null,
      sodiumMgPer100g: values?.sodiumMgPer100g ?? null,
      sugarPer100g: values?.sugarPer100g ?? null,
      co2PerKg: co2PerKg === null ? null : round(co2PerKg, 2),
      allergens: entry.allergens ?? [],
      unitWeights: completeUnits(entry, measures.get(entry.ndb) ?? {}, entry.co2 ? co2.product(entry.co2)?.sg : undefined),
      isStaple: entry.staple ?? false,
      aliases,
      shelfLife: shelfLifeOf(entry, foodKeeperId === null ? undefined : foodKeeper.get(foodKeeperId)),
      parent,
      usdaNdb: entry.ndb,
      co2Product: entry.co2,
      foodKeeperId,
      offTaxonomyId: taxonomyId,
    };
  });
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  const json = `[\n${ingredients.map((ingredient) => JSON.stringify(ingredient)).join(",\n")}\n]\n`;
  writeFileSync(outputFile, json);
  console.log(`Wrote ${ingredients.length} ingredients to ${path.relative(process.cwd(), outputFile)}`);
}

main();
