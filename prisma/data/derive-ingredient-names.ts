/**
 * Derives prisma/data/ingredient-names.json: the catalogue's ingredients named in the main European languages,
 * from the Open Food Facts ingredients taxonomy in ../shared/data/taxonomy (ODbL 1.0; see docs/data-sources.md).
 * An ingredient takes the names and synonyms of the taxonomy entries whose English name or synonym is its name
 * or one of its aliases. Names that would mean two ingredients (unless the taxonomy gives it as one of them's own
 * name), or that are already an English name of the catalogue, are left out: a wrong match is worse than none.
 *
 *   npx tsx prisma/data/derive-ingredient-names.ts        (SHARED_DIR=/path/to/shared to change)
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { nameKey, type CatalogueIngredient } from "../../app/domain/catalogue";

const here = path.dirname(fileURLToPath(import.meta.url));
const taxonomyFile = path.resolve(process.env.SHARED_DIR ?? path.join(here, "../../../shared"), "data/taxonomy/ingredients.full.json.gz");
const outputFile = path.join(here, "ingredient-names.json");

export const LANGUAGES = [
  ...["de", "fr", "es", "it", "nl", "pt", "sv", "da", "nb", "fi", "pl", "cs", "sk", "hu"],
  // in scripts of their own, so their names cannot be taken for a word of the languages above
  ...["ru", "uk", "bg", "el", "ja", "zh"],
] as const;

/**
 * Reviewed by hand from an audit of every catalogue name whose taxonomy entry is not the ingredient's own entry
 * nor a kind of it: names that stand in for another food in English (haddock for cod, marjoram for oregano, sake
 * for mirin), name a wider class (herbs, fat, liver, cereal, white fish) or hit a taxonomy entry that means
 * something else ("green pepper" is green peppercorn, "jelly" aspic, "cornflour" maize flour, "ice" gives
 * "is"/"ijs"). They keep matching in English; their names in other languages are not the ingredient's.
 */
export const LENDS_NO_NAMES: Readonly<Record<string, readonly string[]>> = {
  "sweet potato": ["yam"],
  "bell pepper": ["green pepper"],
  endive: ["radicchio"],
  mandarin: ["clementine"],
  lime: ["kaffir lime", "calamansi"],
  blackberry: ["boysenberry"],
  jam: ["jelly"],
  cornstarch: ["cornflour"],
  farro: ["spelt", "emmer", "freekeh"],
  spaghetti: ["linguine"],
  fettuccine: ["fresh pasta"],
  "whole wheat bread": ["rye bread"],
  "burger bun": ["bread roll"],
  lentil: ["split pea"],
  seitan: ["wheat gluten"],
  "golden syrup": ["corn syrup", "glucose syrup", "rice syrup"],
  cornflakes: ["cereal"],
  cookie: ["shortbread"],
  granola: ["granola", "muesli"],
  "chicken drumstick": ["chicken drumstick"],
  "chicken liver": ["liver"],
  "beef brisket": ["oxtail"],
  cod: ["white fish", "haddock", "pollock", "hake", "halibut", "sole", "flounder", "plaice"],
  "sea bass": ["snapper", "grouper"],
  "fish ball": ["surimi"],
  lobster: ["crayfish"],
  squid: ["cuttlefish"],
  cheddar: ["american cheese"],
  "cream cheese": ["soft cheese"],
  brie: ["camembert"],
  shortening: ["shortening"],
  lard: ["suet", "duck fat", "goose fat"],
  nutmeg: ["mace"],
  "star anise": ["anise", "aniseed"],
  oregano: ["marjoram"],
  "thai basil": ["tulsi"],
  "celery seed": ["celery salt"],
  horseradish: ["wasabi"],
  mirin: ["rice wine", "sake"],
  "red wine": ["port", "port wine", "marsala wine"],
  "white wine": ["sherry", "vermouth"],
  "cranberry sauce": ["lingonberry jam"],
  water: ["ice"],
  "sourdough bread": ["sourdough"],
};

/**
 * Reviewed: names the taxonomy gives an entry that, in their language, usually mean something else in a recipe:
 * "Gewürz" is spice, "beurre fondu" melted butter, French "sucre en poudre" caster sugar, Dutch "pepers" (a
 * plural, so "peper" too) is the black pepper of "peper en zout", and Danish "øl" (beer) reads as German "Öl"
 * (oil) once the accents go; Dutch "raap" is a turnip, French "carré" a rack of any meat.
 */
export const NOT_ITS_NAME: Readonly<Record<string, readonly string[]>> = {
  "italian seasoning": ["de:gewürz"],
  ghee: ["fr:beurre fondu", "it:burro fuso"],
  "powdered sugar": ["fr:sucre en poudre"],
  "chili pepper": ["nl:pepers"],
  beer: ["da:øl"],
  "canola oil": ["nl:raap"],
  "pork shoulder": ["fr:carré"],
};

/** Reviewed: taxonomy entries that are the ingredient under an English name the catalogue does not list. */
export const ALSO_NAMED_BY: Readonly<Record<string, readonly string[]>> = {
  nutmeg: ["en:nutmeg-nut"],
  // else "pâte feuilletée" is pasta (pâtes) abroad
  "puff pastry": ["fr:pate-feuilletee"],
  "pie crust": ["en:shortcrust-dough"],
  // poultry broth is chicken stock in a recipe ("bouillon de volaille", "Geflügelbrühe")
  "chicken stock": ["en:poultry-broth"],
};

/**
 * Names that are a common little word of another of the languages ("te" is Dutch and Italian for to, "med"
 * Scandinavian for with, "por" Spanish for by, "thé" reads as "the"): never a name on their own.
 */
export const COMMON_WORDS = new Set(["te", "the", "med", "and", "col", "por", "voi"]);

/** One Chinese character is a whole name in Japanese (卵 egg, 塩 salt); one letter of any other script is not. */
const notAName = (key: string) => (key.length < 2 && !/\p{Script=Han}/u.test(key)) || COMMON_WORDS.has(key);

interface TaxonomyEntry {
  name?: Record<string, string>;
  synonyms?: Record<string, string[]>;
}

function englishKeys(entry: TaxonomyEntry): string[] {
  return [entry.name?.en, ...(entry.synonyms?.en ?? [])].filter((name): name is string => Boolean(name)).map(nameKey);
}

function main() {
  if (!existsSync(taxonomyFile)) {
    console.log(`Skipped: ${taxonomyFile} is absent; the committed ingredient-names.json is kept.`);
    return;
  }
  const taxonomy = JSON.parse(gunzipSync(readFileSync(taxonomyFile)).toString("utf8")) as Record<string, TaxonomyEntry>;
  const catalogue = JSON.parse(readFileSync(path.join(here, "ingredients.json"), "utf8")) as CatalogueIngredient[];

  // the taxonomy entries each English key names: canonical names first, so "en:tomato" wins over a synonym
  const entriesByKey = new Map<string, TaxonomyEntry[]>();
  for (const pass of ["name", "synonym"] as const) {
    for (const entry of Object.values(taxonomy)) {
      const keys = pass === "name" ? (entry.name?.en ? [nameKey(entry.name.en)] : []) : englishKeys(entry);
      for (const key of keys) entriesByKey.set(key, [...(entriesByKey.get(key) ?? []), entry]);
    }
  }
  for (const [name, aliases] of Object.entries(LENDS_NO_NAMES)) {
    const ingredient = catalogue.find((candidate) => candidate.name === name);
    const unknown = aliases.filter((alias) => !ingredient?.aliases.some((own) => nameKey(own) === nameKey(alias)) && alias !== name);
    if (!ingredient || unknown.length > 0) throw new Error(`LENDS_NO_NAMES names what the catalogue does not: ${name} ${unknown.join(", ")}`);
  }
  const englishOfCatalogue = new Set(catalogue.flatMap((ingredient) => [ingredient.name, ...ingredient.aliases].map(nameKey)));

  const candidates = new Map<string, Map<string, Set<string>>>(); // key → ingredient → names as written
  const ownName = new Map<string, string[]>(); // key → ingredients whose own taxonomy name it is
  for (const ingredient of catalogue) {
    const lendsNothing = new Set((LENDS_NO_NAMES[ingredient.name] ?? []).map(nameKey));
    const ownKeys = [ingredient.name, ...ingredient.aliases].map(nameKey).filter((key) => !lendsNothing.has(key));
    const entries = new Set(ownKeys.flatMap((key) => entriesByKey.get(key)?.slice(0, 1) ?? []));
    for (const id of ALSO_NAMED_BY[ingredient.name] ?? []) {
      if (!taxonomy[id]) throw new Error(`ALSO_NAMED_BY: the taxonomy has no ${id}`);
      entries.add(taxonomy[id]);
    }
    const ownEntry = entriesByKey.get(nameKey(ingredient.name))?.[0];
    for (const entry of entries) {
      for (const language of LANGUAGES) {
        const names = [entry.name?.[language], ...(entry.synonyms?.[language] ?? [])].filter(Boolean) as string[];
        for (const name of names) {
          const key = nameKey(name);
          if (notAName(key) || englishOfCatalogue.has(key) || name.length > 40) continue;
          if (NOT_ITS_NAME[ingredient.name]?.includes(`${language}:${name.toLowerCase()}`)) continue;
          const byIngredient = candidates.get(key) ?? new Map<string, Set<string>>();
          candidates.set(key, byIngredient);
          const written = byIngredient.get(ingredient.name) ?? new Set<string>();
          byIngredient.set(ingredient.name, written.add(`${language}:${name.toLowerCase()}`));
          // the name the taxonomy gives the ingredient itself (not a synonym) settles a tie
          if (entry === ownEntry && name === entry.name?.[language]) ownName.set(key, [...(ownName.get(key) ?? []), ingredient.name]);
        }
      }
    }
  }

  const names: Record<string, Record<string, string[]>> = {};
  for (const [key, byIngredient] of candidates) {
    const owners = ownName.get(key) ?? [];
    if (byIngredient.size !== 1 && owners.length !== 1) continue; // one name, two ingredients: left out
    const [ingredient, written] = byIngredient.size === 1 ? [...byIngredient][0] : [owners[0], byIngredient.get(owners[0])!];
    for (const tagged of written) {
      const [language, name] = [tagged.slice(0, tagged.indexOf(":")), tagged.slice(tagged.indexOf(":") + 1)];
      const byLanguage = (names[ingredient] ??= {});
      (byLanguage[language] ??= []).push(name);
    }
  }
  const sorted = Object.fromEntries(
    Object.keys(names)
      .sort()
      .map((ingredient) => [
        ingredient,
        Object.fromEntries(Object.keys(names[ingredient]).sort().map((language) => [language, [...new Set(names[ingredient][language])].sort()])),
      ]),
  );
  writeFileSync(outputFile, `${JSON.stringify(sorted, null, 1)}\n`);
  const count = Object.values(sorted).reduce((total, byLanguage) => total + Object.values(byLanguage).flat().length, 0);
  console.log(`${Object.keys(sorted).length} of ${catalogue.length} ingredients named; ${count} names written to ${outputFile}`);
}

main();
