/**
 * Resolves what people type ("2 ripe tomatoes, diced", "fresh basil leaves", "chiken breast") to a
 * catalogue ingredient, and suggests ingredients for a typed prefix. Built once from the catalogue data
 * (prisma/data/ingredients.json); every lookup after that works on precomputed indexes.
 */
import type { AllergenGroup } from "./allergen-groups";
import type { IngredientType } from "./ingredient-types";
import { unitOf } from "./quantity";
import type { ShelfLife } from "./shelf-life";

export interface CatalogueIngredient {
  name: string;
  plural: string | null;
  type: IngredientType;
  icon: string;
  caloriesPer100g: number | null;
  proteinPer100g: number | null;
  fatPer100g: number | null;
  carbohydratesPer100g: number | null;
  sodiumMgPer100g: number | null;
  sugarPer100g: number | null;
  co2PerKg: number | null;
  allergens: AllergenGroup[];
  unitWeights: Record<string, number>;
  isStaple: boolean;
  /** every lowercase name that means this ingredient: the name, its plural, synonyms */
  aliases: string[];
  /** how long it keeps in each place and where it is normally kept (app/domain/shelf-life.ts) */
  shelfLife: ShelfLife;
  /** name of the more general ingredient this is a kind of (pork for pork shoulder, cheese for cheddar), or null */
  parent: string | null;
  /** names in other languages (prisma/data/ingredient-names.json); looked at only after the English names */
  translations?: string[];
  /** those of the translations in languages that put the food first ("beurre demi-sel" is butter, not salt) */
  headFirstTranslations?: string[];
  /** Provenance, in ingredients.json only (not stored in the database): the USDA food the figures come from */
  usdaNdb?: string;
  /** Provenance, in ingredients.json only: the Poore & Nemecek or ghgi product the CO2 figure comes from */
  co2Product?: string | null;
  /** Provenance, in ingredients.json only: the USDA FoodKeeper product of the shelf life, null for a type default */
  foodKeeperId?: number | null;
  /** Provenance, in ingredients.json only: the Open Food Facts taxonomy entry the parent was looked up from */
  offTaxonomyId?: string | null;
}

export interface Catalogue {
  readonly ingredients: readonly CatalogueIngredient[];
  /** The ingredient a free-text name or recipe line means, or null. */
  match(text: string): CatalogueIngredient | null;
  /** Ingredients for an autocomplete box: names, synonyms and near misses starting with the prefix. */
  suggest(prefix: string, limit?: number): CatalogueIngredient[];
  /** The ingredient with exactly this canonical name. */
  byName(name: string): CatalogueIngredient | null;
  /** The ingredient this name, plural or synonym stands for, without guessing. */
  find(name: string): CatalogueIngredient | null;
}

/**
 * Lowercase, accents and punctuation removed, hyphens as spaces: "Jalapeño-Peppers!" → "jalapeno peppers". Letters
 * of other scripts are kept (Cyrillic and Greek without accents, katakana as hiragana, full-width digits as digits),
 * so that names in Russian, Greek or Japanese can be matched.
 */
export function normalizeText(text: string): string {
  return (
    text
      .replace(/[\uFF01-\uFF5E]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
      .replace(/[\u30A1-\u30F6]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60))
      .replace(/[øØ]/g, "o")
      .replace(/[æÆ]/g, "ae")
      .replace(/[œŒ]/g, "oe")
      .replace(/ß/g, "ss")
      .replace(/[łŁ]/g, "l")
      .replace(/[đĐ]/g, "d")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .normalize("NFC")
      .toLowerCase()
      .replace(/['’`]/g, "")
      .replace(/&/g, " and ")
      // Latin letters beyond a-z (ı, ð) as before; letters of other scripts kept
      .replace(/[^a-z0-9½⅓⅔¼¾⅛/.\s\p{L}]|[^\P{Script=Latin}a-z]/gu, " ")
      .replace(/(?<!\d)[./]|[./](?!\d)/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

const IRREGULAR_SINGULARS: Record<string, string> = {
  leaves: "leaf",
  halves: "half",
  loaves: "loaf",
  knives: "knife",
  calves: "calf",
  geese: "goose",
  chilies: "chili",
  chillies: "chilli",
  cookies: "cookie",
  brownies: "brownie",
  veggies: "veggie",
  smoothies: "smoothie",
  quiches: "quiche",
  // French plurals that name another food than their singular: "pâtes" is pasta, "pâte" (brisée, sablée) a dough
  pates: "pates",
};
/** Words that end in s but are not plurals. */
const NOT_PLURAL = /(ss|us|is)$/;

/** English plural → singular for one word: tomatoes → tomato, berries → berry, leaves → leaf, peaches → peach. */
export function singularize(word: string): string {
  // own keys only: "constructor" typed or imported is a word, not Object's
  if (Object.hasOwn(IRREGULAR_SINGULARS, word)) return IRREGULAR_SINGULARS[word];
  if (word.length <= 3 || !word.endsWith("s") || NOT_PLURAL.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(oes|ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** Spellings of the same word, reduced to one. */
const SPELLING_VARIANTS: Record<string, string> = { chilli: "chili", chile: "chili", yoghurt: "yogurt" };

/** Names already reduced: every screen reduces the same few hundred names (pantry items, recipe lines) again. */
const nameKeys = new Map<string, string>();
const NAME_KEYS_KEPT = 20_000;
/** Longer texts (a pasted page) are reduced each time, so that the memory kept stays small. */
const NAME_KEY_TEXT_KEPT = 120;

/** The form names are compared in: normalized, each word singular, spelling variants unified. */
export function nameKey(text: string): string {
  if (text.length > NAME_KEY_TEXT_KEPT) return reducedName(text);
  let key = nameKeys.get(text);
  if (key === undefined) {
    if (nameKeys.size >= NAME_KEYS_KEPT) nameKeys.clear();
    key = reducedName(text);
    nameKeys.set(text, key);
  }
  return key;
}

function reducedName(text: string): string {
  return normalizeText(text)
    .split(" ")
    .filter(Boolean)
    .map((word) => {
      const singular = singularize(word);
      return Object.hasOwn(SPELLING_VARIANTS, singular) ? SPELLING_VARIANTS[singular] : singular;
    })
    .join(" ");
}

/** Words that describe the state of an ingredient, not which one it is. */
const DESCRIPTIVE_WORDS = new Set(
  `fresh freshly ripe large small medium big extra finely roughly thinly thickly coarsely chopped diced sliced minced
  grated shredded crushed peeled seeded deseeded cored trimmed halved quartered cubed julienned rinsed drained
  washed cooked uncooked raw boiled frozen thawed canned tinned dried organic good quality whole boneless skinless
  softened melted cold warm hot room temperature lightly packed heaped level and or to taste of for the a an some
  about approx approximately plus more extra optional garnish serving needed cut into pieces piece bite sized
  inch cm strip strips wedge wedges`.split(/\s+/)
);

function isNumber(word: string): boolean {
  return /^[\d½⅓⅔¼¾⅛/.x-]+$/.test(word);
}

/** Damerau-Levenshtein (optimal string alignment) distance, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2] + 1);
      }
      current[j] = value;
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length];
}

/** Typos allowed for a word of this length: none up to four letters, then one per four letters, at most three. */
function typoAllowance(length: number): number {
  // four letters leave too little to tell a typo from another word ("soli" is Polish salt, not sole)
  if (length <= 4) return 0;
  return Math.min(3, Math.floor(length / 4));
}

/** Little words of the catalogue's other languages (articles, "of", "with", "and") that English lines do not use. */
const LITTLE_WORDS_ABROAD = new Set(
  `de du des au aux la le les un une et di del della dello dei delle degli al alla da und mit von vom zum zur der das
  dem het een van voor met och og af til z ze w na ze ou y e`.split(/\s+/)
);
/** Letters of the shortest word guessed at as a typo on a line in another language. */
const MIN_TYPO_WORD_ABROAD = 7;
/** A line written in another language than English, as far as its little words or letters tell. */
function isLineAbroad(text: string): boolean {
  return (
    /[^\P{L}a-zA-Z]/u.test(text) ||
    normalizeText(text)
      .split(" ")
      .some((word) => LITTLE_WORDS_ABROAD.has(word))
  );
}

const MAX_PHRASE_WORDS = 5;
/** "with", "without", "or", "in" and "and" (Dutch "en") in the languages the catalogue is named in. */
const ALTERNATIVE_OR_COMPANION = String.raw`\b(?:with|mit|met|avec|con|com|med|without|ohne|zonder|sans|sin|senza|sem|utan|uden|bez|or|oder|ou|o|eller|lub|vagy|en|em)\b`;
/** Where the name of what it is ends: notes, what it is for or packed in, an alternative. */
const PART_BREAK = new RegExp(
  String.raw`[,;:]|\s-\s|\bfor\b|\bsuch as\b|\b(?:packed |stored |preserved )?in\b|${ALTERNATIVE_OR_COMPANION}`,
  "i"
);
/** Words that end a compound naming a form of its first part: Knoblauch|zehe, kylling|filet, venkel|knol. */
const FORM_ENDINGS =
  /(?:zehen?|teentjes?|klyft(?:a|or)|stengels?|stangen?|stange|blokjes|stukjes|wurfel|fleisch|vlees|kott|kod|filets?|file|knol|scheiben|plakjes|skivor|kebab|ekebab)$/;
/** Cuts and forms that name a different food after each kind: steak, fillet, breast, thigh, chop. */
const CUT_WORDS = new Set([
  "steak",
  "fillet",
  "filet",
  "breast",
  "thigh",
  "chop",
  "loin",
  "cutlet",
  "shank",
  "leg",
  "wing",
]);
/** Typos are looked for in the last words of a name only: "very ripe heirloom tomatoe" → "heirloom tomatoe". */
const MAX_FUZZY_WORDS = 3;

/**
 * Inflection endings of the catalogue's other languages, longest first, as nameKey writes them (accents removed):
 * Polish cases (ogórków, śmietany, cytryny), German and Dutch plurals (Zwiebeln, paddenstoelen), Swedish and
 * Romance plurals. Stripped from a word of another language to compare it with the names by stem.
 */
const INFLECTION_ENDINGS =
  /(?:owie|ami|ach|ych|ich|ymi|imi|ego|emu|owi|ow|om|ej|ie|en|em|er|ar|or|es|y|i|a|e|o|u|n|s|ого|его|ому|ему|ами|ями|ов|ев|ей|ой|ом|ем|ам|ям|ах|ях|ый|ий|ая|яя|ое|ее|ые|ие|ых|их|а|я|ы|и|у|ю|е|о|ь)$/;
/** Cyrillic names are stemmed down to three letters (мука, вода, соль): few languages share that script. */
const CYRILLIC = /\p{Script=Cyrillic}/u;
/** Chinese characters and kana: names are written without spaces, so a line's word may hold one ("有塩バター"). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * A name's word by its stem, or as it is when the stem would be shorter than four letters: too little to tell it
 * from another word's ("chou" stays, so "choi" is not cabbage).
 */
function nameStem(word: string): string {
  const stem = word.replace(INFLECTION_ENDINGS, "");
  return stem.length >= (CYRILLIC.test(word) ? 3 : 4) ? stem : word;
}

/**
 * Words of the catalogue's other languages for fresh, dried, chopped, grated, ground, small, big, red and green: they say
 * what state or kind an ingredient is in, and their stems are close to names ("ferske" is fresh, "fersken" a peach).
 */
const STATE_WORDS_ABROAD = new Set(
  `frisch frische frischer frischen frisches getrocknet getrocknete getrockneten gehackt gehackte gemahlen gemahlene
  gemahlener klein kleine kleiner kleinen gross grosse grosser rot rote roter roten grun grune gruner grunen
  vers verse gedroogd gedroogde gehakt gehakte gemalen klein kleine groot grote rood rode groen groene
  frais fraiche fraiches sec seche seches hache hachee hachees moulu moulue petit petite petits petites gros grosse
  rouge rouges vert verte verts vertes rape rapee rapes rapees gerieben geriebene geriebener geraspt geraspte
  rallado rallada ralado ralada grattugiato grattugiata riven rivna revet revne
  fresco fresca frescos frescas freschi fresche seco seca secos secas secco secca secchi picado picada picados
  molido molida tritato tritata macinato pequeno pequena pequenos pequenas piccolo piccola grande grandes
  rojo roja rojos rojas rosso rossa rossi vermelho vermelha verde verdes moido moida
  farsk farska torkad torkade hackad hackade malen mald liten lilla stor stora rod roda gron grona
  frisk friske fersk ferske torret torrede hakket hakkede malet lille store rode gronne
  swiezy swieza swieze swiezych swiezej suszony suszona suszone posiekany posiekana mielony mielona maly mala
  duzy duza czerwony czerwona czerwone zielony zielona zielone`.split(/\s+/)
);

/**
 * Words of the catalogue's other languages (as nameKey writes them) that make an ingredient a kind the catalogue
 * names apart: "Ingwer gemahlen" is ground ginger, "páprica defumada" smoked paprika, "costelinha de porco" a pork
 * rib, "kippenvleugels" chicken wings. A cut may end a compound word, so those patterns are not anchored at the end.
 */
const KINDS_ABROAD: [kind: string, word: RegExp][] = [
  [
    "ground",
    /^(?:gemahl|moulu|molid|macinat|moid[ao]s?$|gemalen|mal(?:en|d|et)$|mielon|jauhet|mlet[yae]$|orolt|молот)/,
  ],
  [
    "smoked",
    /^(?:gerauch|fume(?:e|s|es)?$|ahumad|affumicat|defumad|gerookt|rokt|roge?t|rogede|wedzon|savust|uzen[yae]$|fustolt|копч)/,
  ],
  [
    "dried",
    /^(?:getrockn|sechee?s?$|secad|secch|gedroogd|torkad|torr?e[dt]|torket|suszon|kuivat|susen[yae]$|szaritott|сушен)/,
  ],
  ["rib", /(?:costel|costill|rippch|rippe|ribbetje|revben|ribbe|zeber|ребр)/],
  ["breast", /(?:pechug|peito|brust|borst|brost|bryst|piersi?$|petto|грудк)/],
  ["thigh", /(?:^coxa|muslo|oberkeule|schenkel|dijen|dijtje|sovracosc|бедр)/],
  ["wing", /(?:^alitas?$|^asas?$|^asinhas?$|^ailes?$|flugel|vleugel|vinger?$|vingar|^alette|skrzyd|крыл)/],
];
const ELISION = /(?<!\p{L})(d|l|qu|dell|dall|all|nell|sull)['’](?=\p{L})/giu;

/** Green, which makes an onion a spring onion and a bean a green bean ("oignon vert", "зелёный лук"). */
const GREEN_ABROAD = /^(?:grun|gron|groen|vert|verde|verdi|zielon|zelen|зелен|πρασιν)/;
/** Red or yellow in the catalogue's other languages: with green, what makes paprika the vegetable ("Paprika, rot"). */
const RED_OR_YELLOW_ABROAD =
  /^(?:rot|rote|roter|rood|rode|rouge|rojo|roja|rosso|rossa|vermelh|czerwon|rod|roda|gelb|gelbe|geel|gele|jaune|amarill|giall|amarel|gul|gula)$/;
/**
 * Paprika is the vegetable, not the spice, in Dutch and German when it has a colour or a plural ("rode paprika's",
 * "Paprika, gelb"): the spice is "Paprikapulver", "paprikapoeder".
 */
function isPaprikaVegetable(text: string, words: string[]): boolean {
  return (
    /paprika['’]s\b/i.test(text) || words.some((word) => GREEN_ABROAD.test(word) || RED_OR_YELLOW_ABROAD.test(word))
  );
}

/** A line's word by its stem, down to three letters: "soku" is "sok" (juice), "soli" is "sol" (salt). */
function lineStem(word: string): string {
  if (STATE_WORDS_ABROAD.has(word)) return word;
  const stem = word.replace(INFLECTION_ENDINGS, "");
  return stem.length >= 3 ? stem : word;
}

/** Letter counts a-z; half the difference between two of them is a lower bound of the edit distance. */
function letterCounts(text: string): Uint8Array {
  const counts = new Uint8Array(27);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i) - 97;
    counts[code >= 0 && code < 26 ? code : 26]++;
  }
  return counts;
}

function countsDifference(a: Uint8Array, b: Uint8Array): number {
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference += Math.abs(a[i] - b[i]);
  return difference;
}

export function createCatalogue(ingredients: readonly CatalogueIngredient[]): Catalogue {
  const byKey = new Map<string, CatalogueIngredient>();
  const byName = new Map<string, CatalogueIngredient>();
  for (const ingredient of ingredients) byName.set(ingredient.name, ingredient);
  // canonical names first, so that a synonym can never shadow another ingredient's own name
  for (const ingredient of ingredients) byKey.set(nameKey(ingredient.name), ingredient);
  for (const ingredient of ingredients) {
    for (const alias of ingredient.aliases) {
      const key = nameKey(alias);
      if (!byKey.has(key)) byKey.set(key, ingredient);
    }
  }
  /** Names in other languages, apart: an English name always wins ("lemon rind" is not German beef, Rind). */
  const byForeignKey = new Map<string, CatalogueIngredient>();
  for (const ingredient of ingredients) {
    for (const translation of ingredient.translations ?? []) {
      const key = nameKey(translation);
      // a word for a state is never a name on its own: French "râpé" (grated) is not Italian "rape" (turnips)
      if (STATE_WORDS_ABROAD.has(key)) continue;
      if (!byKey.has(key) && !byForeignKey.has(key)) byForeignKey.set(key, ingredient);
    }
  }
  const headFirstKeys = new Set(
    ingredients.flatMap((ingredient) => (ingredient.headFirstTranslations ?? []).map(nameKey))
  );
  /**
   * Names in other languages by the stems of their words ("kwasn smietan" for kwaśna śmietana), for inflected
   * forms the names do not list; a stem two ingredients share, or that is an English name, is left out.
   */
  const byForeignStem = new Map<string, CatalogueIngredient | null>();
  for (const [key, ingredient] of byForeignKey) {
    const stemmed = key.split(" ").map(nameStem).join(" ");
    if (byKey.has(stemmed)) continue;
    const known = byForeignStem.get(stemmed);
    byForeignStem.set(stemmed, known === undefined || known === ingredient ? ingredient : null);
  }
  for (const [stem, ingredient] of byForeignStem) if (ingredient === null) byForeignStem.delete(stem);
  const sortedKeys = [...byKey.keys()].sort();
  /** Typo candidates: every key, and every alias as written (so "olvies" is one edit from "olives"). */
  const fuzzyTargets = new Map<string, CatalogueIngredient>(byKey);
  for (const ingredient of ingredients) {
    for (const alias of ingredient.aliases) {
      const written = normalizeText(alias);
      if (!fuzzyTargets.has(written)) fuzzyTargets.set(written, ingredient);
    }
  }
  const targetsByLength = new Map<number, { target: string; counts: Uint8Array }[]>();
  for (const target of fuzzyTargets.keys()) {
    const sameLength = targetsByLength.get(target.length) ?? [];
    sameLength.push({ target, counts: letterCounts(target) });
    targetsByLength.set(target.length, sameLength);
  }
  /** Every word of every name: a known word is never taken for a typo of another. */
  const knownWords = new Set([...sortedKeys, ...byForeignKey.keys()].flatMap((key) => key.split(" ")));
  const fuzzyCache = new Map<string, CatalogueIngredient | null>();

  /** The name within the typo allowance of `text`, nearest first, then closest in length. */
  function closestName(text: string): CatalogueIngredient | null {
    const cached = fuzzyCache.get(text);
    if (cached !== undefined) return cached;
    const allowance = typoAllowance(text.length);
    const counts = letterCounts(text);
    let best: CatalogueIngredient | null = null;
    let bestDistance = allowance + 1;
    const lengths = [text.length];
    for (let offset = 1; offset <= allowance; offset++) lengths.push(text.length - offset, text.length + offset);
    for (const length of lengths) {
      for (const { target, counts: targetCounts } of targetsByLength.get(length) ?? []) {
        if (countsDifference(counts, targetCounts) > 2 * (bestDistance - 1)) continue;
        const distance = editDistance(text, target, bestDistance - 1);
        if (distance < bestDistance) {
          bestDistance = distance;
          best = fuzzyTargets.get(target)!;
        }
      }
    }
    fuzzyCache.set(text, best);
    return best;
  }

  const isEssential = (word: string) =>
    word !== "" && !isNumber(word) && unitOf(word) === null && !DESCRIPTIVE_WORDS.has(singularize(word));

  /**
   * The longest run of words that is a known name, among equals the rightmost (the head noun). When an
   * unknown word comes just before it, that word may be a misspelt part of a longer name
   * ("pamresan cheese" is parmesan, not just cheese).
   */
  function longestKnownPhrase(words: string[], names = byKey): CatalogueIngredient | null {
    for (let size = Math.min(MAX_PHRASE_WORDS, words.length); size >= 1; size--) {
      if (names === byForeignKey) {
        const first = firstHeadFirstName(words, size);
        if (first) return first;
      }
      for (let start = words.length - size; start >= 0; start--) {
        const found = names.get(words.slice(start, start + size).join(" "));
        if (!found) continue;
        // a longer name in another language around the English one says more: "pimiento rojo" is a bell pepper,
        // though "pimiento" alone is the English name of roasted red pepper
        if (names === byKey) {
          const around = foreignAround(words, start, size);
          if (around) return around;
        }
        const before = words[start - 1];
        // "swordfish steak": the kind before a cut is what it is
        const kind = size === 1 && CUT_WORDS.has(words[start]) && before ? names.get(before) : undefined;
        if (kind) return kind;
        if (before && isEssential(before) && !knownWords.has(before)) {
          const longer = closestName(words.slice(start - 1, start + size).join(" "));
          if (longer) return longer;
          // an unknown kind of a cut or form ("swordfish steaks", "monkfish fillet") is not the cut's meat
          if (size === 1 && CUT_WORDS.has(words[start])) return null;
        }
        return found;
      }
    }
    return null;
  }

  /**
   * The first name of `size` words in the line when it is one of a language that names the food first ("filets
   * d'anchois au sel", "tomate bien mûres"), else null (then the last name is the food, as in English and German).
   */
  function firstHeadFirstName(words: string[], size: number): CatalogueIngredient | null {
    for (let start = 0; start + size <= words.length; start++) {
      const key = words.slice(start, start + size).join(" ");
      const found = byForeignKey.get(key);
      if (found) return headFirstKeys.has(key) ? found : null;
    }
    return null;
  }

  /** The longest name in another language that holds the words from `start` and more besides, or null. */
  function foreignAround(words: string[], start: number, size: number): CatalogueIngredient | null {
    for (let longer = Math.min(MAX_PHRASE_WORDS, words.length); longer > size; longer--) {
      for (let from = Math.max(0, start + size - longer); from <= start && from + longer <= words.length; from++) {
        const found = byForeignKey.get(words.slice(from, from + longer).join(" "));
        if (found) return found;
      }
    }
    return null;
  }

  /** A compound word of a known name and a form ending ("knoblauchzehe" is garlic), the name at least 4 letters. */
  function compoundName(words: string[]): CatalogueIngredient | null {
    for (const word of words) {
      const ending = word.match(FORM_ENDINGS);
      if (!ending || ending.index! < 4) continue;
      const stem = word.slice(0, ending.index);
      // a joining s or e between the parts: Vitlöks|klyfta, Rinds|fleisch
      for (const head of [stem, stem.replace(/[se]$/, "")]) {
        const found = byKey.get(head) ?? byForeignKey.get(head);
        if (found && head.length >= 4) return found;
      }
    }
    return null;
  }

  /**
   * The longest run of words whose stems are a name's in another language, among equals the rightmost; at least
   * one of the words must carry an ending (an English "herbs" is not French "herbes").
   */
  function stemmedPhrase(words: string[]): CatalogueIngredient | null {
    const stems = words.map(lineStem);
    for (let size = Math.min(MAX_PHRASE_WORDS, stems.length); size >= 1; size--) {
      for (let start = stems.length - size; start >= 0; start--) {
        const inflected = stems.slice(start, start + size).some((stem, index) => stem !== words[start + index]);
        const found = inflected ? byForeignStem.get(stems.slice(start, start + size).join(" ")) : undefined;
        if (found) return found;
      }
    }
    return null;
  }

  /**
   * A name in Chinese or Japanese, of two characters or more, that ends a word of the line: "有塩バター" (salted
   * butter) is butter. Only the end: what comes first there says what kind ("奶油奶酪", cream cheese, is no cream).
   */
  function nameInsideCjkWord(words: string[]): CatalogueIngredient | null {
    for (const word of words.filter((word) => CJK.test(word))) {
      for (let length = word.length - 1; length >= 2; length--) {
        const found = byForeignKey.get(word.slice(-length));
        if (found) return found;
      }
    }
    return null;
  }

  /** The kind of `found` the line's words name in another language ("Ingwer gemahlen" → ground ginger), if listed. */
  function kindNamed(found: CatalogueIngredient, words: string[], text: string): CatalogueIngredient {
    if (found.name === "paprika" && isPaprikaVegetable(text, words)) return byName.get("bell pepper") ?? found;
    const green = words.some((word) => GREEN_ABROAD.test(word)) ? byKey.get(nameKey(`green ${found.name}`)) : undefined;
    if (green) return green;
    for (const [kind, pattern] of KINDS_ABROAD) {
      if (!words.some((word) => pattern.test(word))) continue;
      const named = byName.get(`${kind} ${found.name}`) ?? byName.get(`${found.name} ${kind}`);
      if (named) return named;
    }
    return found;
  }

  /** A compound of a name and a cut: "kippenvleugels" (kip, wing) is chicken wing, "Schweinerippchen" pork rib. */
  function compoundCut(words: string[]): CatalogueIngredient | null {
    for (const word of words) {
      for (const [kind, pattern] of KINDS_ABROAD.slice(3)) {
        const cut = word.match(pattern);
        if (!cut || cut.index! < 3) continue;
        const head = word.slice(0, cut.index);
        for (const name of [head, head.replace(/(?:en|n|s|e)$/, "")]) {
          const found = byKey.get(name) ?? byForeignKey.get(name);
          const named = found && (byName.get(`${found.name} ${kind}`) ?? byName.get(`${kind} ${found.name}`));
          if (named) return named;
        }
      }
    }
    return null;
  }

  function match(text: string): CatalogueIngredient | null {
    // an elided French or Italian article read as a word of its own when the line is not known as written:
    // "gousse d'ail" holds "ail", garlic ("huile d'olive" is a name as it stands)
    const elisionsApart = text.replace(ELISION, "$1 ");
    const found = matchName(text) ?? (elisionsApart === text ? null : matchName(elisionsApart));
    const words = nameKey(text).split(" ");
    if (!found) return compoundCut(words);
    const kind = kindNamed(found, words, text);
    return kind.name.endsWith(" stock") ? animalStock(kind, nameKey(text.split(PART_BREAK)[0]).split(" ")) : kind;
  }

  /**
   * A stock is the stock of the animal the line names ("fond de veau", "turkey stock", "bouillon de poulet"): that
   * animal's stock when the catalogue lists one, else not the vegetable stock a generic word ("fond", "stock") is.
   */
  function animalStock(found: CatalogueIngredient, words: string[]): CatalogueIngredient | null {
    for (const word of words) {
      const animal = byKey.get(word) ?? byForeignKey.get(word);
      if (!animal || animal.type !== "Meat sausages and fish" || animal.name.endsWith(" stock")) continue;
      const own = byName.get(`${animal.name} stock`) ?? byName.get(`${animal.name.split(" ")[0]} stock`);
      if (own) return own;
      return found.name === "vegetable stock" ? null : found;
    }
    return found;
  }

  function matchName(text: string): CatalogueIngredient | null {
    const withoutNotes = text.replace(/\([^()]*\)/g, " ");
    const whole = byKey.get(nameKey(withoutNotes)) ?? byForeignKey.get(nameKey(withoutNotes));
    if (whole) return whole;
    // what follows "packed in", "in", "with" is what it comes in, not what it is; after "or", an alternative
    const [mainPart, ...notes] = withoutNotes.split(PART_BREAK);
    for (const part of [mainPart, notes.join(" ")]) {
      for (const names of [byKey, byForeignKey]) {
        const found = longestKnownPhrase(
          nameKey(part)
            .split(" ")
            .filter((word) => word && !isNumber(word)),
          names
        );
        if (found) return found;
      }
    }
    const compound = compoundName(nameKey(mainPart).split(" "));
    if (compound) return compound;
    const inflected = stemmedPhrase(
      nameKey(mainPart)
        .split(" ")
        .filter((word) => word && !isNumber(word))
    );
    if (inflected) return inflected;
    const inCjkWord = nameInsideCjkWord(nameKey(mainPart).split(" "));
    if (inCjkWord) return inCjkWord;
    const essential = normalizeText(mainPart).split(" ").filter(isEssential).slice(-MAX_FUZZY_WORDS);
    if (essential.length === 0) return null;
    const headNoun = essential[essential.length - 1];
    // on a line in another language a short unknown word is more often a real word of it than a typo ("liqueur au
    // cassis" is blackcurrant, not cassia): only a longer one is guessed at
    const guessHeadNoun =
      !knownWords.has(nameKey(headNoun)) && (headNoun.length >= MIN_TYPO_WORD_ABROAD || !isLineAbroad(text));
    return (
      closestName(essential.join(" ")) ??
      closestName(nameKey(essential.join(" "))) ??
      (guessHeadNoun ? closestName(headNoun) : null)
    );
  }

  function suggest(prefix: string, limit = 10): CatalogueIngredient[] {
    const typed = normalizeText(prefix);
    if (!typed) return [];
    const found = new Set<CatalogueIngredient>();
    const add = (ingredient: CatalogueIngredient | undefined) => {
      if (ingredient && found.size < limit) found.add(ingredient);
    };
    const startsWith = (key: string) => key.startsWith(typed) || nameKey(key).startsWith(nameKey(typed));
    // names starting with the prefix, canonical names before synonyms, shortest first
    const prefixed = sortedKeys.filter(startsWith).sort((a, b) => a.length - b.length);
    for (const key of prefixed) if (byKey.get(key)!.name === key) add(byKey.get(key));
    for (const key of prefixed) add(byKey.get(key));
    // then names with a later word starting with the prefix ("bre" → chicken breast)
    for (const key of sortedKeys) if (key.includes(` ${typed}`)) add(byKey.get(key));
    // then near misses of the prefix ("tomatp" → tomato)
    const allowance = typoAllowance(typed.length);
    if (allowance > 0 && found.size < limit) {
      const nearMisses = sortedKeys
        .map((key) => ({ key, distance: editDistance(typed, key.slice(0, typed.length), allowance) }))
        .filter(({ distance }) => distance <= allowance)
        .sort((a, b) => a.distance - b.distance || a.key.length - b.key.length);
      for (const { key } of nearMisses) add(byKey.get(key));
    }
    return [...found];
  }

  return {
    ingredients,
    match,
    suggest,
    byName: (name) => byName.get(name.toLowerCase()) ?? null,
    find: (name) => byKey.get(nameKey(name)) ?? null,
  };
}
