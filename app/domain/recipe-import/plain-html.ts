/**
 * A recipe read from a page's plain markup when it carries no schema.org data: the title from the h1 (else
 * og:title), the photo from og:image, the lines of the list under an "Ingredients" heading and the steps under a
 * "Method" / "Instructions" / "Directions" / "Steps" heading (list items, else paragraphs). Headings under them
 * ("For the sauce") become sections. The page is turned once into a flat run of blocks, so the scan is linear.
 */
import type { RawEntry, RawRecipe } from "./draft";
import { cleanText, durationMinutes, servingsOf, STEP_LABEL } from "./fields";
import { isHeadingItem } from "./ingredient-groups";
import type { Element } from "./microdata";
import { splitLeadingQuantity, VULGAR_CHARACTERS } from "../quantity";

type Block =
  /** `end`: for a heading made of a paragraph or short element, where the element around it ends (a block index) */
  /** `inHeader`: an h1 in the page's own `<header>` (not an article's), which may be the site's name */
  | { kind: "heading"; level: number; text: string; end?: number; inHeader?: true }
  /**
   * `list`: which list the item is in (its parent element, numbered in document order); `row`: a row of cells
   * (`rowLine`), an ingredient line only
   */
  | { kind: "item"; text: string; linkOnly?: boolean; list?: number; row?: true }
  | { kind: "paragraph"; text: string }
  /** a short text anywhere on the page, where "Serves 4" or "Prep time 15 min" may stand */
  | { kind: "label"; text: string };

type HeadingBlock = Extract<Block, { kind: "heading" }>;

const MAX_DEPTH = 200;
const MAX_BLOCKS = 20_000;
const MAX_HEADING_LENGTH = 60;
/** Past this an h1-h6 is a paragraph in a heading's type, not a heading: no real heading runs to two lines of text. */
const MAX_SENTENCE_HEADING = 150;
const MAX_INGREDIENT_LENGTH = 160;
const SKIPPED = new Set([
  "script",
  "style",
  "template",
  "noscript",
  "svg",
  "nav",
  "footer",
  "header",
  "form",
  "button",
  "select",
]);
const HEADING_TAG = /^h([1-6])$/;
const ARTICLE = new Set(["article", "main", "section"]);
/** Tags whose whole text, when short, may stand as a heading: "<p><strong>Ingredients</strong></p>". */
const EMPHASIS = new Set(["strong", "b"]);
/** A heading level for emphasised text and headings made of other tags: below any h1-h6. */
const EMPHASIS_LEVEL = 7;

/**
 * A heading that is exactly one of these words, a trailing colon aside, and also with an article before them ("The",
 * "Die", "Les"), symbols before them ("🛒 Ingredients", "• Method") or the recipe's name and a dash ("Wikinger-Auflauf
 * – Die Zutaten").
 */
const headingOf = (words: string[], after = "") =>
  new RegExp(
    String.raw`^[^\p{L}\p{N}]*(?:[^\n]{1,80}?\s[–—-]\s+)?(?:(?:the|die|de|het)\s+)?` +
      `(?:${words.join("|")})${after}$`,
    "iu"
  );
/** What may follow the word Ingredients: "for 6 balls", "für 4 Personen", "pour 6 personnes", "(4 servings)". */
/** "for" before a number of people, in the languages read here. */
const FOR_WORDS = "for|für|pour|para|per|voor|för|til|dla|na";
const FOR_HOW_MANY = String.raw`(?:\s+(?:${FOR_WORDS})\s+\d[^:()]{0,30}|\s*[(（【]\d[^()（）【】]{0,30}[)）】])?`;
const INGREDIENT_WORDS = [
  "ingredients?(?:\\s+list)?",
  "what you(?:'|’)?ll need",
  "you will need",
  "zutaten",
  "ingr[ée]dients",
  "ingredientes",
  "ingredi[eë]nten",
  "ingredienser",
  "ingredienti",
  "sk[łl]adniki",
  "hozz[áa]val[óo]k",
  "suroviny",
  "ainekset",
  "ingredien(?:cie|te)",
  "p[řr][íi]sady",
  "sastojci",
  "malzemeler",
  "ингредиенты",
  "інгредієнти",
  "υλικά",
  "材料",
];
const INGREDIENT_HEADING = headingOf(INGREDIENT_WORDS, FOR_HOW_MANY);
/** Words for the preparation that also head "the preparation of <the dish>" on a page. */
const PREPARATION_WORDS = [
  "zubereitung",
  "pr[ée]paration",
  "preparaci[óo]n",
  "preparazione",
  "prepara[çc][ãa]o",
  "modo de preparo",
];
const METHOD_WORDS = [
  "method",
  "instructions?",
  "instru(?:cciones|ções)",
  "directions?",
  "steps?",
  "preparation",
  "how to make(?: it)?",
  "step[- ]by[- ]step",
  ...PREPARATION_WORDS,
  "anleitung(?:en)?",
  "instructions de pr[ée]paration",
  "elaboraci[óo]n",
  "modo de (?:preparaci[óo]n|prepara[çc][ãa]o|fazer)",
  "bereiding(?:swijze)?",
  "werkwijze",
  "instructies",
  "s[åa](?:dan)? (?:g[øo]r|gj[øo]r) du",
  "tillagning",
  "fremgangsm[åa][dt]e",
  "przygotowanie",
  "spos[óo]b przygotowania",
  "elk[ée]sz[íi]t[ée]s",
  "postup",
  "procedimento",
  "valmistus",
  "ohje",
  "slik gj[øo]r du",
  "g[öo]r s[åa] h[äa]r",
  "pasos",
  "[ée]tapes",
  "p[řr][íi]prava",
  "priprema",
  "mod de preparare",
  "yap[ıi]l[ıi][şs][ıi]",
  "приготовление",
  "способ приготовления",
  "приготування",
  "εκτέλεση",
  "作り方",
  "手順",
];
export const METHOD_HEADING = headingOf(METHOD_WORDS);
/**
 * On a page, "How to make Slow Cooker Chili" heads the steps too; not as a step section's name in the data, where
 * "How to make the sauce" is a part of the method.
 */
const STEPS_HEADING = headingOf(
  [
    ...METHOD_WORDS,
    String.raw`how to make\s[^\n]{1,60}`,
    String.raw`como (?:fazer|preparar)(?:\s[^\n]{1,60})?`,
    // "Preparazione della pasta con melanzane", "Preparación del bizcocho", "Modo de preparo do bolo"
    String.raw`(?:${PREPARATION_WORDS.join(
      "|"
    )})\s+(?:del|della|dello|dei|degli|delle|di|de|du|des|da|do|dos|das|der)\s[^\n]{1,60}`,
  ],
  // "Przygotowanie krok po kroku", "Zubereitung Schritt für Schritt"
  String.raw`(?:\s+(?:step[- ]by[- ]step|krok po kroku|passo a passo|paso a paso|schritt f[üu]r schritt|pas [àa] pas|stap voor stap|steg f[öo]r steg))?`
);
/**
 * A part's word said of the recipe, with an article in any of the languages read ("Les ingrédients de la recette",
 * "La préparación de la receta", "Recipe Instructions"): read only where the page has no heading that is the word
 * alone. A heading that only mentions the word ("Notes on the ingredients", "Zutaten für die Füllung") is none.
 */
type HeadingWords = Pick<RegExp, "test">;
const looseHeading = (words: string[]): HeadingWords =>
  new RegExp(
    String.raw`^[^\p{L}\p{N}]*(?:(?:the|la|le|les|los|las|el|il|gli|i|o|a|os|as|die|der|das|de|het)\s+|l['’]\s*)?` +
      String.raw`(?:(?:recipe|cooking)\s+)?(?:${words.join("|")})` +
      String.raw`(?:\s+(?:of|for) (?:the|this) recipe|\s+(?:de la recette|de la receta|da receita|della ricetta|` +
      String.raw`van het recept|f[üu]r das rezept|des rezepts|do przepisu))?$`,
    "iu"
  );
const LOOSE_INGREDIENT_HEADING = looseHeading(INGREDIENT_WORDS);
const LOOSE_STEPS_HEADING = looseHeading(METHOD_WORDS);

/** Words for servings, as a label before the number ("Portionen: 4") or after it ("4 Portionen"); not "Serving size". */
const SERVING_WORDS = "servings|portions?|portionen|personen|personas|porciones|por[çc][õo]es|porcje|porcji";
const YIELD_WORDS = `serves|serve|yields?|makes|rendimento|rendimiento|raci[oó]n(?:es)?(?: para)?|(?:ilo[śs][ćc]|liczba) porcji|${SERVING_WORDS}`;
const YIELD_LABEL = new RegExp(`^(?:${YIELD_WORDS})\\b\\s*:?`, "i");
/** A yield said with its number first: "4 Portionen", "4 adag", "Für 6 Personen", "2-4 porcje". */
const YIELD_AFTER = new RegExp(
  String.raw`^(?:(?:${FOR_WORDS})\s+)?\d+(?:\s*[-–]\s*\d+)?\s*` +
    String.raw`(?:serving|${SERVING_WORDS}|pessoas|persone|porzioni|personnes|people|adag|f[őo]re|osób|osoby|porc[ií]|porce|` +
    String.raw`annosta|porsjoner|portioner|personer)\.?$`,
  "i"
);
const TIME_LABELS = {
  totalTime:
    /^(?:total(?: time)?|prep(?:aration)? (?:&|and|\+) cook(?:ing)? time|gesamtzeit|tiempo total|tempo total|temps total|totale tijd|bereidingstijd|time(?=\s*:?\s*\d)|ready in|tempo totale|dur[ée]e totale)(?!\w)\s*:?/i,
  prepTime:
    /^(?:prep(?:aration)?(?: time)?(?! (?:&|and|\+) cook)|vorbereitung(?:szeit)?|arbeitszeit|(?:temps de )?pr[ée]paration|voorbereiding|tempo de preparo|tiempo de preparaci[óo]n|tempo di preparazione|czas przygotowania)(?!\w)\s*:?/i,
  cookingTime:
    /^(?:cook(?:ing)? time|cook(?:ing)?(?=\s*:|\s+\d)|kochzeit|backzeit|(?:temps de )?cuisson|kooktijd|tempo de cozimento|tiempo de cocci[óo]n|(?:tempo di )?cottura|bak(?:e|ing) time)(?!\w)\s*:?/i,
};
/** Labels that may come before their value; a yield said number first (YIELD_AFTER) carries its own. */
const LABELS_BEFORE = [YIELD_LABEL, ...Object.values(TIME_LABELS)].map((pattern) => pattern.source);
const LABEL = new RegExp([...LABELS_BEFORE, YIELD_AFTER.source].join("|"), "i");
/** A label with no value after it: "Servings", "Prep time:". */
const LABEL_ALONE = new RegExp(`(?:${LABELS_BEFORE.join("|")})$`, "i");
/** A class that names the servings an element shows: "person-amount", "gbcicon-serves", "recipe-yield". */
const YIELD_CLASS = /(?:^|[\s_-])(?:serves|servings|yield|portions|persons|people|person-amount)(?:$|\s)/i;
const BARE_NUMBER = /^\d+(?:\s*[-–]\s*\d+)?$/;
/** The number an element shows alone when a class on it or inside it says it is the servings, else null. */
function yieldByClass(element: Element): string | null {
  const value = shortText(element);
  if (!value || !BARE_NUMBER.test(value)) return null;
  let nodes = 0;
  const named = (node: Element): boolean =>
    YIELD_CLASS.test(node.attributes.class ?? "") ||
    node.children.some((child) => typeof child !== "string" && ++nodes <= 40 && named(child));
  return named(element) ? value : null;
}

/** A label with its value ("Serves 4") or one whose value follows ("Servings"), not a step ("Serve in bowls."). */
const isLabel = (text: string) => LABEL.test(text) && (/\d/.test(text) || LABEL_ALONE.test(text));
/**
 * Headings that end the steps: what follows a recipe on most pages, symbols before it aside ("🔧 Tools You'll Need"),
 * and the tips, notes and questions a post puts around it ("Pro Tips", "Make Ahead Tips", "FAQ").
 */
const AFTER_RECIPE =
  /^[^\p{L}\p{N}]*(?:notes?|tips?|nutrition|comments?|reviews?|you (?:may|might) also like|related|more recipes|share|equipment|tools?|utensils|faqs?|(?:recipe )?details|sugerencias?|consejos?|trucos?|dicas?|suggerimenti|consigli|astuces?|conseils?|tipps?|hinweise?|anmerkungen|opmerkingen?|uwagi|wskaz[óo]wki|porady|vinkit)(?![\p{L}])|\b(?:tips|notes|faqs?)$/iu;

/** A paragraph that says it is a note ("NOTE | the vegetables can be...", "Tip: ..."): after the recipe, no step. */
const NOTE_PARAGRAPH = /^(?:notes?|tips?|hinweis|astuce|nota)\s*[:|–—-]/i;

/** A heading's words without the colon or full stop after them ("Ingredients:", "<b>Preparación</b>."). */
function headingText(text: string): string {
  return text.replace(/\s*[:：.]\s*$/, "").trim();
}

/** Tags that format words within a line, which a browser shows without a space around them. */
const FORMATTING = new Set(["b", "strong", "i", "em", "u", "sup", "sub", "small", "mark", "abbr", "a"]);

/** The texts of an element, to be joined with "": a space around any element but formatting, "\n" for <br>. */
function textOf(element: Element, depth = 0, out: string[] = []): string[] {
  for (const child of element.children) {
    if (typeof child === "string") out.push(child.replace(/\s+/g, " "));
    else if (depth < MAX_DEPTH && !SKIPPED.has(child.tag)) {
      if (child.tag === "br") out.push("\n");
      else if (FORMATTING.has(child.tag)) textOf(child, depth + 1, out);
      else {
        out.push(" ");
        textOf(child, depth + 1, out);
        out.push(" ");
      }
    }
  }
  return out;
}

/** A list item whose text is all in links: the page's tags or navigation ("Recipes", "Dessert"), never a step. */
function isLinkOnly(item: Element): boolean {
  let linked = false;
  const visit = (element: Element, depth: number): boolean =>
    element.children.every((child) => {
      if (typeof child === "string") return child.trim() === "";
      if (child.tag === "a") return (linked = true);
      return depth < MAX_DEPTH && visit(child, depth + 1);
    });
  return visit(item, 0) && linked;
}

/** The short text an element holds when all of its text is in <strong>/<b>, else null. */
function emphasisedText(element: Element): string | null {
  const parts = element.children.filter((child) => typeof child !== "string" || child.trim() !== "");
  if (parts.length !== 1 || typeof parts[0] === "string") return null;
  const only = parts[0];
  if (!EMPHASIS.has(only.tag)) return only.tag === "span" ? emphasisedText(only) : null;
  const text = cleanText(textOf(only).join(""));
  return text && text.length <= MAX_HEADING_LENGTH ? text : null;
}

/** The text of an element when it is short (a heading's), else null; looks at a bounded number of nodes. */
function shortText(element: Element, asHeading = true): string | null {
  let text = "";
  let nodes = 0;
  const visit = (node: Element): boolean => {
    for (const child of node.children) {
      if (++nodes > 40) return false;
      if (typeof child === "string") text += ` ${child}`;
      else if (child.tag === "li" || child.tag === "p") return false;
      else if (!SKIPPED.has(child.tag) && !visit(child)) return false;
      if (text.length > MAX_HEADING_LENGTH * 2) return false;
    }
    return true;
  };
  if (!visit(element)) return null;
  const cleaned = cleanText(text);
  if (cleaned.length > MAX_HEADING_LENGTH) return null;
  return asHeading ? headingText(cleaned) : cleaned;
}

const isPartHeading = (text: string) => INGREDIENT_HEADING.test(text) || STEPS_HEADING.test(text);

/**
 * A row with a box to tick before its text, as pages draw a checklist of ingredients without a list element:
 * `<div><input type="checkbox"><div>2 rúd</div><div>fahéj</div></div>`. An item like a list's.
 */
function isCheckRow(element: Element): boolean {
  // one box: an element holding several is the whole checklist, not a line of it
  return element.children.filter((child) => isCheckbox(child) || isBoxOnly(child)).length === 1;
}

const isCheckbox = (node: Element | string) =>
  typeof node !== "string" && node.tag === "input" && node.attributes.type?.toLowerCase() === "checkbox";

/** A box drawn in wrappers of its own (`<div class="checkbox"><input type="checkbox"><div></div></div>`), no text. */
function isBoxOnly(node: Element | string, depth = 0): boolean {
  if (typeof node === "string" || depth > 3 || node.children.length > 4) return false;
  let boxes = 0;
  for (const child of node.children) {
    if (typeof child === "string") {
      if (child.trim() !== "") return false;
    } else if (isCheckbox(child)) boxes++;
    else if (isBoxOnly(child, depth + 1)) boxes++;
    else if (child.children.some((inner) => typeof inner !== "string" || inner.trim() !== "")) return false;
  }
  return boxes === 1;
}

/** Tags that hold no text of a cell: a row's picture or box beside its cells. */
const MEDIA = new Set(["img", "picture", "svg", "figure", "source", "video"]);
/** Tags a cell of a row may hold around its words: anything else makes it more than a cell. */
const INLINE = new Set([...FORMATTING, "span", "br", "label", "data", "time", "del", "ins", "s", "q", "cite"]);
const MAX_CELLS = 4;
const TEXT_BLOCK = /^(?:p|li|h[1-6]|dt|dd|blockquote|pre)$/;
/** An amount alone, as a cell of a row says it: "600 g", "3 Stk.", "1 kl. Bund", "½". */
const AMOUNT_CELL = new RegExp(String.raw`^[\d${VULGAR_CHARACTERS}]\S*(?:\s+\S+){0,3}$`, "u");

const isInline = (element: Element, depth = 0): boolean =>
  INLINE.has(element.tag) &&
  depth < 8 &&
  element.children.every((child) => typeof child === "string" || isInline(child, depth + 1));

/**
 * The line of a row of cells, as pages draw an ingredient without a list: a table's row (`<tr><td>1.5</td><td>Semmel(n)
 * </td></tr>`) or an element of two to four cells of words beside an optional picture (`<div><div>tamboril</div>
 * <div>1 kg</div></div>`), its amount first ("1 kg tamboril"), and how many of its cells say anything; null for
 * anything else.
 */
function rowLine(element: Element): { line: string; cells: number } | null {
  const parts = element.children.filter((child) => typeof child !== "string" || child.trim() !== "");
  let cells: Element[];
  // a box to tick makes a checklist's row (`isCheckRow`), several boxes a whole checklist: no row of cells
  if (parts.some((child) => typeof child !== "string" && child.tag === "input")) return null;
  if (element.tag === "tr") {
    cells = parts.filter((child): child is Element => typeof child !== "string" && child.tag === "td");
    if (cells.length !== parts.length) return null;
  } else {
    if (parts.some((child) => typeof child === "string") || parts.length > MAX_CELLS + 2) return null;
    cells = (parts as Element[]).filter((child) => !MEDIA.has(child.tag));
    // a paragraph or heading is text of its own, not a cell: "<span>6</span><p>Serve with potatoes.</p>" is a step
    const isCell = (cell: Element) =>
      !TEXT_BLOCK.test(cell.tag) && cell.children.every((child) => typeof child === "string" || isInline(child));
    if (!cells.every(isCell)) return null;
  }
  if (cells.length < 2 || cells.length > MAX_CELLS) return null;
  // each cell's words looked at within bounds: a layout table's cell holding the whole page is no cell
  const said = cells.map((cell) => shortText(cell, false));
  if (said.some((text) => text === null)) return null;
  const texts = (said as string[]).filter(Boolean);
  if (texts.length === 0) return null;
  const amount = texts.findIndex((text) => AMOUNT_CELL.test(text));
  const ordered = amount > 0 ? [texts[amount], ...texts.filter((_, index) => index !== amount)] : texts;
  return { line: ordered.join(" "), cells: texts.length };
}

/**
 * The page as a run of headings, list items and paragraphs, in document order; with `rows`, rows of cells too
 * (`rowLine`), for a page that shows no list under its Ingredients heading.
 */
function blocksOf(page: Element, rows = false): Block[] {
  const blocks: Block[] = [];
  let lastRowEnd = -1;
  let pendingLabel: string | null = null;
  const push = (block: Block) => {
    if (block.text && blocks.length < MAX_BLOCKS) blocks.push(block);
  };
  let elements = 0;
  /** how many article, main or section elements the visit is inside */
  let articles = 0;
  const visit = (element: Element, depth: number) => {
    const headings: HeadingBlock[] = [];
    const list = elements++;
    for (const child of element.children) {
      if (typeof child === "string" || blocks.length >= MAX_BLOCKS) continue;
      if (SKIPPED.has(child.tag)) {
        // a section's <header> saying only "Ingredients" or "Method" heads that part; a page's header says more
        const said = child.tag === "header" ? shortText(child) : null;
        if (said && isPartHeading(said)) {
          const heading: HeadingBlock = { kind: "heading", level: EMPHASIS_LEVEL, text: said };
          headings.push(heading);
          push(heading);
        } else if (child.tag === "header" && depth < MAX_DEPTH) {
          // a recipe card's header holds its details ("Prep Time: 10 minutes", "Yield: 12 cookies"): its labels only,
          // and the h1-h6 that heads a part beside its buttons (`<header><h2>Ingrédients</h2><button>4 Pers.`)
          const from = blocks.length;
          visit(child, depth + 1);
          const kept = blocks
            .splice(from)
            // an article's header holds its title; the page's header may hold the site's name in an h1
            .map((block) =>
              block.kind === "heading" && block.level === 1 && articles === 0
                ? { ...block, inHeader: true as const }
                : block
            )
            .filter(
              (block) =>
                block.kind === "label" ||
                (block.kind === "heading" &&
                  (block.level === 1 || (block.level < EMPHASIS_LEVEL && isPartHeading(block.text))))
            );
          blocks.push(...kept);
          pendingLabel = null;
        }
        continue;
      }
      // an icon that names the value after it: <img alt="Prep time"> <span>15 min</span>
      const named = child.tag === "img" ? child.attributes.alt : undefined;
      if (named && named.length <= MAX_HEADING_LENGTH && LABEL_ALONE.test(cleanText(named))) {
        pendingLabel = cleanText(named);
        continue;
      }
      // a number the page names only by a class: <li class="person-amount">4</li>, <span class="icon-serves"></span>
      // <span>4</span>
      const servings = yieldByClass(child);
      if (servings) push({ kind: "label", text: `Serves ${servings}` });
      const level = HEADING_TAG.exec(child.tag);
      if (level) {
        const text = headingText(cleanText(textOf(child).join("")));
        // a paragraph set as a heading (a post's lead-in sentence) heads nothing: the part it stands in goes on
        if (text.length <= MAX_SENTENCE_HEADING) push({ kind: "heading", level: Number(level[1]), text });
      } else if (child.tag === "li" && isHeadingItem(child)) {
        // a group's heading given as an item of the list: `<li><span class="ingHeading">Herb Topping</span></li>`
        push({ kind: "heading", level: EMPHASIS_LEVEL, text: headingText(cleanText(textOf(child).join(""))) });
      } else if (child.tag === "li") {
        // a nested list's items are blocks of their own
        const isList = (item: Element | string) => typeof item !== "string" && /^[uo]l$/.test(item.tag);
        const text = cleanText(textOf({ ...child, children: child.children.filter((item) => !isList(item)) }).join(""));
        push({ kind: "item", text, list, ...(isLinkOnly(child) ? { linkOnly: true } : {}) });
        if (text.length <= MAX_HEADING_LENGTH && LABEL.test(text)) push({ kind: "label", text });
        if (depth < MAX_DEPTH) visit({ ...child, children: child.children.filter(isList) }, depth + 1);
        continue;
      }
      if (isCheckRow(child)) {
        push({ kind: "item", text: cleanText(textOf(child).join("")), list });
        continue;
      }
      const row = rows ? rowLine(child) : null;
      // rows one after another are one list, whatever element each stands in; a row of one filled cell only
      // continues one ("Ingwer gemahlen" with no amount), as it is no row on its own ("Total weight: 15.250")
      const continues = lastRowEnd === blocks.length;
      if (row && (row.cells > 1 || continues)) {
        const rowList = continues ? (blocks.at(-1) as { list?: number }).list : list;
        push({ kind: "item", text: row.line, list: rowList, row: true });
        lastRowEnd = blocks.length;
        continue;
      }
      // "<p>Ingredients</p>", "<div class="heading"><span>Method</span></div>"
      const short = shortText(child);
      // "<span>Servings</span><span>4</span>": the label's value is the next short text
      if (short && pendingLabel !== null && !LABEL.test(short)) {
        push({ kind: "label", text: `${pendingLabel} ${short}` });
        pendingLabel = null;
      }
      if (short && isPartHeading(short)) {
        const heading: HeadingBlock = { kind: "heading", level: EMPHASIS_LEVEL, text: short };
        headings.push(heading);
        push(heading);
      } else if (short && isLabel(short) && depth < MAX_DEPTH) {
        push({ kind: "label", text: short });
        pendingLabel = LABEL_ALONE.test(short) ? short : null;
        visit(child, depth + 1);
      } else if (child.tag === "p" || child.tag === "dd" || child.tag === "dt") {
        const emphasised = emphasisedText(child);
        if (emphasised) {
          const heading: HeadingBlock = { kind: "heading", level: EMPHASIS_LEVEL, text: headingText(emphasised) };
          headings.push(heading);
          push(heading);
        } else
          for (const line of textOf(child).join("").split("\n")) {
            const text = cleanText(line);
            push({ kind: "paragraph", text: text.replace(STEP_LABEL, "") });
            // "Serves: 6<br>Prep time: 20 minutes": labels on the lines of one paragraph
            if (text.length <= MAX_HEADING_LENGTH && LABEL.test(text)) push({ kind: "label", text });
          }
      } else if (depth < MAX_DEPTH) {
        const article = ARTICLE.has(child.tag) ? 1 : 0;
        articles += article;
        visit(child, depth + 1);
        articles -= article;
      }
    }
    for (const heading of headings) heading.end = blocks.length;
  };
  visit(page, 0);
  return blocks;
}

/**
 * A heading as high as "Ingredients" that heads a list of its own before the method ("Crosses", "Glaze" after the
 * bun dough's list): a group of the ingredients, which the page did not nest. Not when its list is links ("Made with"
 * a product, "Buy").
 */
function sameLevelGroup(blocks: Block[], at: number, top: number, stop: RegExp): boolean {
  const next = blocks[at + 1];
  if (
    stop !== STEPS_HEADING ||
    next?.kind !== "item" ||
    next.linkOnly ||
    (blocks[at] as { level: number }).level !== top
  )
    return false;
  return blocks.slice(at + 1).some((block) => block.kind === "heading" && block.level <= top && stop.test(block.text));
}

const lastWord = (text: string) => text.toLowerCase().match(/\p{L}+(?=[^\p{L}]*$)/u)?.[0] ?? "";

/**
 * The lines of the first list only, when the lists after it are the same list in other units (a page's
 * metric / imperial / cups switch): as many lines, most ending in the same word ("85 g butterscotch candies",
 * "3 oz butterscotch candies"). Lines of several lists otherwise stay, as do lists with group headings between.
 */
function withoutUnitVariants(items: RawEntry[], lists: (number | undefined)[]): RawEntry[] {
  if (items.some((entry) => typeof entry !== "string") || lists.some((list) => list === undefined)) return items;
  const firstLength = lists.filter((list) => list === lists[0]).length;
  if (firstLength === items.length || lists.slice(0, firstLength).some((list) => list !== lists[0])) return items;
  const first = items.slice(0, firstLength) as string[];
  for (let at = firstLength; at < items.length; at += firstLength) {
    const run = items.slice(at, at + firstLength) as string[];
    const oneList = run.length === firstLength && lists.slice(at, at + firstLength).every((list) => list === lists[at]);
    const alike = run.filter((line, index) => lastWord(line) === lastWord(first[index])).length;
    if (!oneList || lists[at + firstLength] === lists[at] || alike < firstLength * 0.6) return items;
  }
  return first;
}

/** A paragraph that reads as a sentence of the method ("Prepare your smoker at 275 degrees."), after the list. */
const isSentence = (text: string) => text.length > 40 && /[.!?]$/.test(text) && text.split(" ").length >= 6;

/**
 * The entries from block `from` on, of a part headed at level `top` (its container ending at block `end`), and the
 * block where they end.
 */
function entriesFrom(
  blocks: Block[],
  from: number,
  top: number,
  end: number | undefined,
  own: HeadingWords,
  stop: RegExp
): { entries: RawEntry[]; next: number } {
  const items: RawEntry[] = [];
  const itemLists: (number | undefined)[] = [];
  const paragraphs: RawEntry[] = [];
  let at = from;
  for (; at < blocks.length; at++) {
    const block = blocks[at];
    // a heading that is a paragraph ("<p>Preparación:</p>") heads what its own container holds when that holds
    // any: the page's boxes after the post (its exporter card, related posts, footer links) are no steps
    if (end !== undefined && at === end && [...items, ...paragraphs].some((entry) => typeof entry === "string")) break;
    if (block.kind === "label") continue;
    if (block.kind === "heading") {
      if (stop.test(block.text) || AFTER_RECIPE.test(block.text)) break;
      if (block.level <= top && top !== EMPHASIS_LEVEL && !sameLevelGroup(blocks, at, top, stop)) break;
      if (top === EMPHASIS_LEVEL && block.level < EMPHASIS_LEVEL) break;
      // the part's own heading again (a tab label over the real heading) or a "Step 2" label: no group
      if (own.test(block.text) || STEP_LABEL.test(block.text)) continue;
      items.push({ heading: block.text });
      paragraphs.push({ heading: block.text });
    } else if (block.kind === "item") {
      // a link is no step, nor is a row of cells (the recipe's times, "1 Std. | Gesamtzeit")
      if (!((block.linkOnly || block.row) && stop === INGREDIENT_HEADING)) {
        items.push(block.text.replace(STEP_LABEL, ""));
        itemLists.push(block.list);
      }
    } else if (NOTE_PARAGRAPH.test(block.text) && items.length + paragraphs.length > 0) break;
    else if (stop === STEPS_HEADING && block.text.length > MAX_INGREDIENT_LENGTH) {
      // prose: the ingredient list has ended
      if (items.length + paragraphs.length > 0) break;
    } else if (stop === STEPS_HEADING && items.some((entry) => typeof entry === "string") && isSentence(block.text)) {
      // the method, under no heading of its own, after the list
      break;
    } else if (!items.some((entry) => typeof entry === "string")) paragraphs.push(block.text);
  }
  const listed = stop === STEPS_HEADING ? withoutUnitVariants(items, itemLists) : items;
  const chosen = listed.some((entry) => typeof entry === "string") ? listed : paragraphs;
  // a heading with nothing under it (the last one before the next part of the page) is no group
  while (chosen.length > 0 && typeof chosen[chosen.length - 1] !== "string") chosen.pop();
  return { entries: chosen, next: at };
}

/** The entries under the first heading `own` names that has any under it, where that heading is and where they end. */
function part(
  blocks: Block[],
  own: HeadingWords,
  stop: RegExp,
  from = 0
): { at: number; entries: RawEntry[]; next: number } {
  for (let at = from; at < blocks.length; at++) {
    const block = blocks[at];
    if (block.kind !== "heading" || !own.test(block.text)) continue;
    const { entries, next } = entriesFrom(blocks, at + 1, block.level, block.end, own, stop);
    if (entries.length > 0) return { at, entries, next };
  }
  return { at: -1, entries: [], next: -1 };
}

/** The first thing `pick` finds in an element outside the page's body (its head), looked at in document order. */
function inHead(page: Element, pick: (element: Element) => string | undefined): string | undefined {
  let found: string | undefined;
  const visit = (element: Element, depth: number) => {
    for (const child of element.children) {
      if (found !== undefined || typeof child === "string") continue;
      found = pick(child);
      if (found === undefined && depth < MAX_DEPTH && child.tag !== "body") visit(child, depth + 1);
    }
  };
  visit(page, 0);
  return found;
}

/** The text of the page's <title>, the name a browser's tab shows. */
const titleElement = (page: Element) =>
  inHead(page, (element) => (element.tag === "title" ? cleanText(textOf(element).join("")) || undefined : undefined));

const metaContent = (page: Element, property: string) =>
  inHead(page, ({ tag, attributes }) =>
    tag === "meta" && (attributes.property ?? attributes.name)?.toLowerCase() === property
      ? attributes.content
      : undefined
  );

/** Yield and times from the page's short labels ("Serves 4", "Prep time: 10 minutes", "Total time 1 hour"). */
export interface PageFacts {
  yields: number | null;
  totalTime: number | null;
  prepTime: number | null;
  cookingTime: number | null;
}

function factsOf(blocks: Block[]): PageFacts {
  const labels = blocks.filter((block) => block.kind === "label").map((block) => block.text);
  /** The first value a label gives, read by `read`: "Serves 4" → 4. */
  const labelled = <T>(pattern: RegExp, read: (text: string) => T | null): T | null => {
    for (const label of labels) {
      const value = read(label.replace(pattern, "").trim());
      if (pattern.test(label) && value !== null) return value;
    }
    return null;
  };
  return {
    yields: labelled(YIELD_LABEL, servingsOf) ?? servingsOf(labels.find((label) => YIELD_AFTER.test(label))),
    totalTime: labelled(TIME_LABELS.totalTime, durationMinutes),
    prepTime: labelled(TIME_LABELS.prepTime, durationMinutes),
    cookingTime: labelled(TIME_LABELS.cookingTime, durationMinutes),
  };
}

/** A line that starts with an amount ("300g - dried chickpeas", "2 celery stalks", "½ cup dill"). */
const startsWithAmount = (text: string) =>
  text.length <= MAX_INGREDIENT_LENGTH &&
  !/^\d+[.)]\s/.test(text) &&
  splitLeadingQuantity(text.replace(LINE_BULLET, "")).quantity !== "";
/** A bullet a paragraph's line starts with when the page writes a list as lines of text ("• 15 g Parmesan"). */
const LINE_BULLET = /^[•▪·*-]\s*/;

/** The items of the list that starts at block `from` (labels between them skipped), and the block after it. */
function listAt(blocks: Block[], from: number): { lines: string[]; next: number } {
  const first = blocks[from];
  const bulleted = LINE_BULLET.test(first.text);
  const lines: string[] = [];
  let at = from;
  for (; at < blocks.length; at++) {
    const block = blocks[at];
    if (block.kind === "label") continue;
    if (block.kind !== first.kind || (block.kind === "item" && first.kind === "item" && block.list !== first.list))
      break;
    if (block.kind === "item") lines.push(block.text);
    // lines of text are a list while each starts with a bullet as the first does, or with an amount
    else if (block.kind === "paragraph" && (bulleted ? LINE_BULLET.test(block.text) : startsWithAmount(block.text)))
      lines.push(block.text.replace(LINE_BULLET, ""));
    else break;
  }
  return { lines, next: at };
}

const amountShare = (lines: string[]) => lines.filter(startsWithAmount).length / Math.max(lines.length, 1);

/**
 * A page with no Ingredients heading: its first list of three lines or more, most of them starting with an amount,
 * with the lists after it that start with amounts too under headings of one level ("Produce", "Pantry", "Dairy"),
 * the heading before the first list among them when it is of that level.
 */
function unheadedIngredients(blocks: Block[]): { at: number; entries: RawEntry[]; next: number; level: number } | null {
  for (let at = 0; at < blocks.length; at++) {
    const block = blocks[at];
    const previous = blocks[at - 1];
    const insideList = block.kind === "item" && previous?.kind === "item" && previous.list === block.list;
    if ((block.kind !== "item" && block.kind !== "paragraph") || insideList) continue;
    const first = listAt(blocks, at);
    if (first.lines.length < 3 || amountShare(first.lines) < 2 / 3) {
      // a run is looked at once, from its start: the scan stays linear
      at = Math.max(at, first.next - 1);
      continue;
    }
    const entries: RawEntry[] = [...first.lines];
    let next = first.next;
    let level = EMPHASIS_LEVEL;
    for (;;) {
      const heading = blocks[next];
      if (heading?.kind !== "heading" || heading.level === 1 || (level !== EMPHASIS_LEVEL && heading.level !== level))
        break;
      if (AFTER_RECIPE.test(heading.text) || STEPS_HEADING.test(heading.text)) break;
      const group = listAt(blocks, next + 1);
      if (group.lines.length === 0 || amountShare(group.lines) < 1 / 2) break;
      level = heading.level;
      entries.push({ heading: heading.text }, ...group.lines);
      next = group.next;
    }
    const before = blocks[at - 1];
    const start = before?.kind === "heading" && before.level === level ? at - 1 : at;
    if (start < at) entries.unshift({ heading: before.text });
    return { at: start, entries, next, level };
  }
  return null;
}

export interface PlainSections {
  ingredientLines: RawEntry[];
  /** the block where the ingredient list or its heading is, -1 when none */
  ingredientsAt: number;
  steps: RawEntry[];
  facts: PageFacts;
  /** the ingredient lines are guessed for want of a list under an Ingredients heading (decision 070) */
  guessed?: boolean;
  /** the blocks read, where `ingredientsAt` counts */
  blocks: Block[];
}

function sectionsOf(blocks: Block[], headedOnly = false): PlainSections {
  let headed = part(blocks, INGREDIENT_HEADING, STEPS_HEADING);
  const unheaded = headed.at < 0 && !headedOnly ? unheadedIngredients(blocks) : null;
  if (headed.at < 0 && !unheaded) headed = part(blocks, LOOSE_INGREDIENT_HEADING, STEPS_HEADING);
  const ingredients = unheaded ?? headed;
  let steps = part(blocks, STEPS_HEADING, INGREDIENT_HEADING, Math.max(ingredients.at, 0)).entries;
  if (steps.length === 0 && ingredients.at >= 0) {
    // no Method heading: the method is what follows the ingredient list, up to the next part of the page
    const level = unheaded?.level ?? (blocks[ingredients.at] as HeadingBlock).level;
    steps = entriesFrom(blocks, ingredients.next, level, undefined, STEPS_HEADING, INGREDIENT_HEADING).entries;
  }
  if (steps.length === 0)
    steps = part(blocks, LOOSE_STEPS_HEADING, INGREDIENT_HEADING, Math.max(ingredients.at, 0)).entries;
  return {
    ingredientLines: ingredients.entries,
    ingredientsAt: ingredients.at,
    steps,
    facts: factsOf(blocks),
    ...(unheaded ? { guessed: true } : {}),
    blocks,
  };
}

/**
 * The lines under the page's "Ingredients" heading and steps under its "Method" heading, or empty lists. A page with
 * no list there may draw its lines as rows of cells (a table, a grid of `<div>`s): read only for want of a list, and
 * only under the heading (a table of nutrients under none is no ingredient list).
 */
export function plainHtmlSections(page: Element, blocks = blocksOf(page)): PlainSections {
  const listed = sectionsOf(blocks);
  if (listed.ingredientLines.length > 0) return listed;
  const rows = sectionsOf(blocksOf(page, true), true);
  // the rows up to the next heading: the tables after them (nutrients, "Did you know") are no groups of them
  const untilHeading = rows.ingredientLines.findIndex((entry) => typeof entry !== "string");
  if (untilHeading >= 0) rows.ingredientLines = rows.ingredientLines.slice(0, untilHeading);
  // read for want of a list, as a list under no heading is: never over a schema.org recipe's own lines
  return rows.ingredientLines.length > 0 ? { ...rows, guessed: true } : listed;
}

/**
 * The recipe's own title: the last h1 before its ingredients ("For Your Table" over "Chicken Salad" is the
 * column's), else the page's first h1, else its og:title, else an h1 in the page's header, else its `<title>`.
 */
export function pageTitle(
  page: Element,
  { blocks, ingredientsAt }: Pick<PlainSections, "blocks" | "ingredientsAt"> = plainHtmlSections(page)
): string | undefined {
  const isTitle = (block: Block) => block.kind === "heading" && block.level === 1 && !block.inHeader;
  const title = (
    blocks.filter((block, index) => isTitle(block) && index < ingredientsAt).at(-1) ?? blocks.find(isTitle)
  )?.text;
  // an h1 in a header may be the site's name: after the page's og:title
  const inHeader = blocks.find((block) => block.kind === "heading" && block.inHeader)?.text;
  return title || metaContent(page, "og:title") || inHeader || titleElement(page);
}

/** A recipe from the plain markup of a page, or null when it shows no ingredient list and no steps. */
export function plainHtmlRecipe(page: Element, sections = plainHtmlSections(page)): RawRecipe | null {
  const { ingredientLines, ingredientsAt, steps, facts, blocks } = sections;
  if (ingredientLines.length === 0 && steps.length === 0) return null;
  return {
    ...facts,
    name: pageTitle(page, { blocks, ingredientsAt }),
    description: metaContent(page, "og:description") ?? metaContent(page, "description"),
    ingredientLines,
    steps,
    image: metaContent(page, "og:image"),
    sourceUrl: metaContent(page, "og:url"),
  };
}
