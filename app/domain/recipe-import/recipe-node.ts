/**
 * A schema.org Recipe as an object of properties, whether it came from JSON-LD or from microdata/RDFa,
 * turned into a RawRecipe: sections (HowToSection) kept as headings, texts joined with line breaks split.
 */
import { buildDraft, MAX_PARSED_LINES, NOTES_SECTION, type ParseResult, type RawEntry } from "./draft";
import { durationMinutes, htmlLines, servingsOf, STEP_LABEL } from "./fields";
import { isMeasure, parseQuantity, splitLeadingQuantity, unitOf } from "../quantity";
import { withGroupHeadings, type IngredientGroup } from "./ingredient-groups";
import { METHOD_HEADING, type PageFacts } from "./plain-html";

export type RecipeNode = Record<string, unknown>;

/** At most this many ingredient lines or steps are read from one recipe. */
/** One limit for every reader: a list longer than the draft accepts is not read to its end. */
export const MAX_ENTRIES = MAX_PARSED_LINES;
const MAX_NESTING = 8;

/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is RecipeNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A property by name, whatever its capitals ("RecipeInstructions") and with or without a "schema:" prefix. */
export function property(node: RecipeNode, name: string): unknown {
  if (node[name] !== undefined) return node[name];
  const wanted = name.toLowerCase();
  for (const key of Object.keys(node)) {
    if (key.toLowerCase().replace(/^(?:schema:|https?:\/\/schema\.org\/)/, "") === wanted) return node[key];
  }
  return undefined;
}

function typesOf(node: RecipeNode): string[] {
  const type = node["@type"] ?? node.type;
  return (Array.isArray(type) ? type : [type]).filter((item): item is string => typeof item === "string");
}

export function isRecipeType(type: string): boolean {
  return /(?:^|[/:#])recipe$/i.test(type.trim());
}

function hasType(node: RecipeNode, pattern: RegExp): boolean {
  return typesOf(node).some((type) => pattern.test(type));
}

/** Texts of a value: strings (split at line breaks and block tags), numbers, lists of them. */
export function textsOf(value: unknown, depth = 0): string[] {
  if (typeof value === "string") return htmlLines(value);
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value) && depth < MAX_NESTING) return value.flatMap((item) => textsOf(item, depth + 1));
  if (isObject(value) && depth < MAX_NESTING)
    return textsOf(value.text ?? value["@text"] ?? value.name ?? value["@value"], depth + 1);
  return [];
}

/** A heading entry from a section's name, unless it has none. */
function heading(value: unknown): RawEntry[] {
  const [text] = textsOf(value);
  return text ? [{ heading: text }] : [];
}

/** A step section's heading, unless it only says these are the steps ("Preparation", "Zubereitung", "Modo de preparo"). */
const SECTION_END: RawEntry = { heading: "" };

function stepHeading(value: unknown): RawEntry[] {
  return heading(value).filter(
    (entry) => typeof entry === "string" || !METHOD_HEADING.test(entry.heading.replace(/:$/, ""))
  );
}

/**
 * The texts of a list, one entry per item as recipe-scrapers reads them: an item's own line breaks and block tags
 * only wrap its text ("Put the flour,\nsugar"). A list of one string is the whole text, split at its line breaks.
 */
function listItemTexts(items: unknown[]): string[] | null {
  if (items.length < 2 || !items.every((item) => typeof item === "string")) return null;
  return items.map((item) => textsOf(item).join(" ")).filter(Boolean);
}

/** recipeInstructions: text, a list of texts, HowToStep objects, or HowToSection objects holding steps. */
function instructionEntries(value: unknown, depth = 0, notes: string[] = []): RawEntry[] {
  if (depth > MAX_NESTING) return [];
  if (typeof value === "string" || typeof value === "number") return textsOf(value);
  if (Array.isArray(value))
    return listItemTexts(value) ?? value.flatMap((item) => instructionEntries(item, depth + 1, notes));
  if (!isObject(value)) return [];
  if (hasType(value, /HowToTip$/i)) {
    // a tip among the steps ("Don't overmix"): one of the recipe's tips, as recipe-scrapers takes no step from it
    notes.push(textsOf(property(value, "text") ?? property(value, "name")).join(" "));
    return [];
  }
  const item = property(value, "item");
  // an ItemList's ListItem that holds its step: {"@type": "ListItem", "position": 1, "item": {"@type": "HowToStep"}}
  if (hasType(value, /ListItem$/i) && isObject(item)) return instructionEntries(item, depth + 1, notes);
  const children = property(value, "itemListElement") ?? property(value, "steps") ?? property(value, "step");
  if (hasType(value, /HowToSection$/i) || (children !== undefined && !hasType(value, /HowToStep$/i))) {
    const [name] = textsOf(property(value, "name"));
    if (name && NOTES_SECTION.test(name.replace(/:$/, "").trim())) {
      // "Notes", "Uwaga", "Tipp": what the cook should know, kept as tips rather than steps
      notes.push(
        ...instructionEntries(children, depth + 1).filter((entry): entry is string => typeof entry === "string")
      );
      return [];
    }
    // the section ends with its steps: a step after it stands under no heading
    return [...stepHeading(property(value, "name")), ...instructionEntries(children, depth + 1, notes), SECTION_END];
  }
  // a step is one step, its line breaks only wrap it (as recipe-scrapers reads a HowToStep)
  const own = textsOf(property(value, "text") ?? property(value, "description")).join(" ");
  // a HowToStep made of HowToDirections (and HowToTips, kept as tips): one step of its directions
  const directions = own || children === undefined ? [] : instructionEntries(children, depth + 1, notes);
  const text =
    own ||
    directions.filter((entry): entry is string => typeof entry === "string").join(" ") ||
    textsOf(property(value, "name")).join(" ");
  if (!text) return [];
  // a step's own title ("Blister the tomatoes") comes before it, unless it is the text again, cut short, or a number
  const name = textsOf(property(value, "name"))
    .join(" ")
    .replace(/(?:\.\.\.|…)$/, "");
  const numbered = /^\d+\.?$/.test(name) || STEP_LABEL.test(name.replace(/^.*?\s(?=\S+\s*\d+\W*$)/, ""));
  // compared without spaces: a name cut from the text where its paragraphs met ("Salat1. Wa..." of "Salat 1. Wasser")
  const squeezed = (words: string) => words.toLowerCase().replace(/\s+/g, "");
  // a one-word label in small letters ("combine", "knead") tags the step rather than titles it
  const tag = /^\p{Ll}+$/u.test(name);
  const titled = name && !numbered && !tag && !squeezed(text).startsWith(squeezed(name.replace(/\.$/, "")));
  return titled ? [name, text] : [text];
}

const normalized = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
const STEP_NUMBER = /^\d{1,2}[.)]?\s+/;
/** A sentence run into the next without a space: "fein schneiden.Kichererbsen in ein Gefäß geben". */
const GLUED_SENTENCE = /(?<=\p{Ll}{2}[.!?])(?=\p{Lu}\p{Ll})/u;
const LONG_STEP = 200;

/**
 * A recipe's only step, when it is the whole method in one string: the page's own list of steps when the page shows
 * the same text as several items, else split before the step numbers it carries ("1. Warm... 2. Add..."), else where
 * sentences were run together ("schneiden.Kichererbsen").
 */
function splitJoinedStep(step: string, page: PageFallback): string[] {
  if (step.length < LONG_STEP) return [step];
  const whole = normalized(step);
  const shown: string[] = [];
  let covered = "";
  for (const entry of page.sections?.().steps ?? []) {
    if (typeof entry !== "string") break;
    const item = entry.replace(STEP_NUMBER, "").replace(STEP_LABEL, "");
    covered += normalized(item);
    if (!whole.startsWith(covered)) break;
    shown.push(item);
    if (covered === whole) return shown.length > 1 ? shown : [step];
  }
  const numbered = splitAtNumbers(step);
  if (numbered.length > 1) return numbered;
  const sentences = step.split(GLUED_SENTENCE);
  return sentences.length > 1 ? sentences : [step];
}

/**
 * "1. Warm the water. 2. Add the flour.": where a step's own numbers run 1, 2, 3 through the text, each starting a
 * sentence (not "bei 2. Stufe", an ordinal).
 */
const STEP_NUMBER_IN_TEXT = /(?<=^|[.!?:]\s+)(\d{1,2})[.)]\s+(?=\p{Lu})/gu;

function splitAtNumbers(step: string): string[] {
  const starts: number[] = [];
  for (const match of step.matchAll(STEP_NUMBER_IN_TEXT)) {
    if (Number(match[1]) === starts.length + 1) starts.push(match.index);
  }
  if (starts.length < 2) return [step];
  const cuts = starts[0] === 0 ? starts : [0, ...starts];
  return cuts.map((start, index) => step.slice(start, cuts[index + 1]).trim()).filter(Boolean);
}

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}]+/gu, "");
const lettersAndDigits = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Whether every shown line is the next listed lines run together, a comma of the shown line between each two. */
function joinedAtCommas(listed: string[], shown: string[]): boolean {
  let at = 0;
  for (const line of shown) {
    const wanted = lettersAndDigits(line);
    let run = "";
    const start = at;
    while (at < listed.length && run.length < wanted.length) run += lettersAndDigits(listed[at++]);
    if (run !== wanted || line.split(",").length < at - start) return false;
  }
  return at === listed.length;
}
const hasAmount = (text: string) => /\d|[½⅓⅔¼¾⅛]/.test(text);

const isAmountOnly = (entry: RawEntry) => {
  if (typeof entry !== "string") return false;
  const { quantity, rest } = splitLeadingQuantity(entry);
  return Boolean(quantity) && (!rest || unitOf(rest) !== null);
};

/**
 * A page that prints each amount as an item of its own after the name ("ziemniaki", "1 kilogram"): the two
 * joined into one line, name first, as the page reads. Only when every amount-only item follows a name with none.
 */
function withAmountsJoined(shown: RawEntry[]): RawEntry[] {
  const apart = shown.map(isAmountOnly);
  if (!apart.some(Boolean)) return shown;
  const followsName = (index: number) =>
    index > 0 && typeof shown[index - 1] === "string" && !apart[index - 1] && !hasAmount(shown[index - 1] as string);
  if (!apart.every((amountOnly, index) => !amountOnly || followsName(index))) return shown;
  const joined: RawEntry[] = [];
  shown.forEach((entry, index) => {
    if (apart[index]) joined[joined.length - 1] = `${joined[joined.length - 1] as string} ${entry as string}`;
    else joined.push(entry);
  });
  return joined;
}

/** The line starts with an amount of a weight or volume: "150 ml Gemüsefond", "0,25 TL Pfeffer". */
function startsMeasured(line: string): boolean {
  const { amount, unit } = parseQuantity(splitLeadingQuantity(line).quantity);
  return amount !== null && unit !== null && isMeasure(unit);
}

/**
 * A short bracket with words in it: "(not too thin)", "(or 1.5 jars of sauce)"; a longer one is a remark on the line
 * ("(the range is based on the saltiness of your butter; ...)") that the data may leave to the page.
 */
const WORDED_BRACKET = /\([^()]{0,80}\)/g;
const worded = (bracket: string) => /\p{L}/u.test(bracket);

/**
 * Where each data line stands among the page's lines, in order ("includes": the page may add an amount), with how
 * many amounts and bracketed notes the page adds; null when a data line is not among them in order, or the page puts
 * amounts on lines of their own.
 */
function inOrder(listedLines: string[], shown: RawEntry[]) {
  let at = 0;
  let added = 0;
  for (const line of listedLines) {
    const wanted = letters(line);
    for (; at < shown.length; at++) {
      const entry = shown[at];
      if (typeof entry !== "string") continue;
      if (wanted && letters(entry).includes(wanted)) break;
      // an amount on a line of its own before its name: the page splits lines its own way
      if (isAmountOnly(entry)) return null;
    }
    if (at === shown.length) return null;
    const entry = shown[at] as string;
    if (hasAmount(entry) && !hasAmount(line)) added++;
    // a note in brackets the data drops: "sliced (not too thin)" on the page, "sliced" in the data
    else if (entry.match(WORDED_BRACKET)?.some(worded) && letters(entry.replace(WORDED_BRACKET, "")) === letters(line))
      added++;
    at++;
  }
  return { end: at, added };
}

/**
 * Where the last data line stands on the page when the page lists every data line word for word but in another
 * order (its groups in the order the page shows them, the data's in another), each data line on a line of its own.
 */
function inAnyOrder(listedLines: string[], shown: RawEntry[]) {
  const places = new Map<string, number[]>();
  shown.forEach((entry, index) => {
    if (typeof entry !== "string") return;
    if (isAmountOnly(entry)) places.set("", []);
    const key = letters(entry);
    places.set(key, [...(places.get(key) ?? []), index]);
  });
  if (places.has("")) return null;
  let end = 0;
  for (const line of listedLines) {
    const place = places.get(letters(line))?.shift();
    if (place === undefined) return null;
    end = Math.max(end, place + 1);
  }
  return { end, added: 0 };
}

/**
 * The ingredient lines the page shows instead of its data's, when they say more: every data line is among them,
 * in order, and the page adds lines the data leaves out (between them, or a group of its own after them), amounts
 * it leaves out ("Knoblauchzehe" in the data, "1 Stück Knoblauchzehe" on the page) or notes in brackets it drops;
 * or every data line is one of the page's word for word, in another order, and the page adds lines. Lines after the
 * last data line with no group heading before them are the page's next block (equipment, times), not ingredients.
 */
function shownIfFuller(listed: RawEntry[], pageShown: RawEntry[]): RawEntry[] {
  const shown = withAmountsJoined(pageShown);
  const listedLines = listed.filter((entry): entry is string => typeof entry === "string");
  const shownLines = shown.filter((entry): entry is string => typeof entry === "string");
  // the data's whole list run into one line ("2 tablespoons sesame oil2 small onions, chopped.3 cloves..."): the
  // page's lines, when they say the same
  if (listedLines.length === 1 && shownLines.length > 1 && letters(shownLines.join("")) === letters(listedLines[0])) {
    return shown;
  }
  // the data's lines broken at every comma ("250 g Schweinefleisch", " in Stücken", " 1", "5 TL Senf"): the page's
  // fewer lines, when each is a run of the data's lines joined at its commas
  if (shownLines.length > 1 && shownLines.length < listedLines.length && joinedAtCommas(listedLines, shownLines)) {
    return shown;
  }
  const found = inOrder(listedLines, shown) ?? inAnyOrder(listedLines, shown);
  if (!found) return listed;
  const after = shown.slice(found.end);
  const laterGroup = after.some((entry) => typeof entry !== "string");
  // the data cut short: the page's list runs on with lines that each start with a weight or volume ("150 ml
  // Gemüsefond"), which no piece of equipment or time line does
  const runsOn = after.length > 0 && after.every((entry) => typeof entry === "string" && startsMeasured(entry));
  const fuller = laterGroup || runsOn ? shown : shown.slice(0, found.end);
  const fullerLines = fuller.filter((entry) => typeof entry === "string").length;
  return fullerLines > listedLines.length || found.added > 0 ? fuller : listed;
}

/** An ingredient given as a PropertyValue: its amount, unit and name on one line ("2 cups flour"). */
function propertyValueLine(value: RecipeNode): string {
  const [amount = "", unit = "", name = ""] = ["value", "unitText", "name"].map((key) =>
    textsOf(property(value, key)).join(" ")
  );
  return [amount, unit || textsOf(property(value, "unitCode")).join(" "), name].filter(Boolean).join(" ");
}

/** recipeIngredient: a list of lines, one string of lines, or (rarely) sections of lines. */
function ingredientEntries(value: unknown, depth = 0): RawEntry[] {
  if (depth > MAX_NESTING) return [];
  if (Array.isArray(value)) return listItemTexts(value) ?? value.flatMap((item) => ingredientEntries(item, depth + 1));
  if (isObject(value)) {
    if (hasType(value, /PropertyValue$/i)) return [propertyValueLine(value)].filter(Boolean);
    const item = property(value, "item");
    if (hasType(value, /ListItem$/i) && item !== undefined) return ingredientEntries(item, depth + 1);
    const required = property(value, "requiredQuantity");
    // a HowToSupply with its amount apart: {"name": "flour", "requiredQuantity": {"value": 2, "unitText": "cups"}}
    if (required !== undefined) {
      const amount = isObject(required) ? propertyValueLine(required) : textsOf(required).join(" ");
      return [[amount, ...textsOf(property(value, "name"))].join(" ").trim()].filter(Boolean);
    }
    const children = property(value, "itemListElement") ?? property(value, "recipeIngredient");
    if (children !== undefined) return [...heading(property(value, "name")), ...ingredientEntries(children, depth + 1)];
  }
  return textsOf(value);
}

function imageUrl(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return depth < MAX_NESTING ? imageUrl(value[0], depth + 1) : undefined;
  if (isObject(value)) return value.url ?? value.contentUrl ?? value["@id"];
  return value;
}

function limited(entries: RawEntry[], what: string): RawEntry[] {
  if (entries.length > MAX_ENTRIES) throw new TooManyEntries(`more than ${MAX_ENTRIES} ${what}`);
  return entries;
}

class TooManyEntries extends Error {}

/** What the page's own markup shows, for a recipe whose data leaves its ingredient lines or steps out. */
export interface PageFallback {
  ingredientGroups?: IngredientGroup[] | null;
  /**
   * `guessed`: the ingredient lines were read for want of a list under an Ingredients heading (a list of amounts
   * under no heading, or rows of cells), so they never stand in for the data's own
   */
  sections?: () => { ingredientLines: RawEntry[]; steps: RawEntry[]; facts?: PageFacts; guessed?: boolean };
  /** the page's own title, for a recipe whose data gives no name */
  title?: () => string | undefined;
  /** a Recipe the page carries in its other scripts' data, for the lines or steps this one leaves out */
  scriptRecipe?: () => RecipeNode | null;
}

const ingredientsOf = (recipe: RecipeNode) =>
  property(recipe, "recipeIngredient") ?? property(recipe, "ingredients") ?? property(recipe, "ingredient");
const instructionsOf = (recipe: RecipeNode) =>
  property(recipe, "recipeInstructions") ?? property(recipe, "instructions");

export function fromRecipeNode(recipe: RecipeNode, page: PageFallback = {}): ParseResult {
  const get = (name: string) => property(recipe, name);
  try {
    const listed = ingredientEntries(ingredientsOf(recipe));
    let ingredientLines = withGroupHeadings(listed, page.ingredientGroups);
    const notes: string[] = [];
    let steps = instructionEntries(instructionsOf(recipe), 0, notes);
    const script = ingredientLines.length === 0 || steps.length === 0 ? page.scriptRecipe?.() : null;
    if (script && script !== recipe) {
      // the same recipe in the page's script data says what this data leaves out: a schema.org list over a reading
      if (ingredientLines.length === 0) ingredientLines = ingredientEntries(ingredientsOf(script));
      if (steps.length === 0) steps = instructionEntries(instructionsOf(script), 0, notes);
    }
    if ((ingredientLines.length === 0 || steps.length === 0) && page.sections) {
      const shown = page.sections();
      if (ingredientLines.length === 0) ingredientLines = shown.ingredientLines;
      if (steps.length === 0) steps = shown.steps;
    }
    // a yield or time the data leaves out, as the page's labels say it ("Serves 4", "Ración para: 1 personas")
    const shownFacts: Partial<PageFacts> = page.sections?.().facts ?? {};
    const dataTimes = ["prepTime", "cookTime", "totalTime"].map((key) => durationMinutes(get(key)));
    // the page's times only when the data gives none: a label elsewhere on the page (a related recipe's card) is
    // no part of a time the data gives in part
    const shownTimes: Partial<PageFacts> = dataTimes.every((minutes) => minutes === null) ? shownFacts : {};
    if (steps.length === 1 && typeof steps[0] === "string") steps = splitJoinedStep(steps[0], page);
    if (
      page.sections &&
      !page.sections().guessed &&
      ingredientLines.length > 0 &&
      ingredientLines.length <= MAX_ENTRIES
    ) {
      ingredientLines = shownIfFuller(ingredientLines, page.sections().ingredientLines);
    }
    return buildDraft({
      name: textsOf(get("name") ?? get("headline"))[0] ?? page.title?.(),
      description: textsOf(get("description")).join(" "),
      cuisines: textsOf(get("recipeCuisine")),
      occasions: [...textsOf(get("recipeCategory")), ...textsOf(get("keywords"))],
      prepTime: dataTimes[0] ?? shownTimes.prepTime,
      cookingTime: dataTimes[1] ?? shownTimes.cookingTime,
      totalTime: dataTimes[2] ?? shownTimes.totalTime,
      yields: servingsOf(get("recipeYield") ?? get("yield")) ?? shownFacts.yields,
      ingredientLines: limited(ingredientLines, "ingredient lines"),
      steps: limited(steps, "steps"),
      tips: limited(notes, "tips") as string[],
      image: imageUrl(get("image")),
      sourceUrl: textsOf(get("url"))[0],
    });
  } catch (error) {
    if (error instanceof TooManyEntries) return { ok: false, reason: error.message };
    throw error;
  }
}
