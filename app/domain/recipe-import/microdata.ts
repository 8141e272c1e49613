/**
 * schema.org Recipe in an HTML page's microdata (itemscope/itemtype/itemprop) or RDFa (typeof/property),
 * read into the same property object JSON-LD gives. The page is scanned once into a shallow element tree;
 * nesting deeper than MAX_DEPTH is flattened, so hostile pages cannot blow the stack.
 */
import type { ParseResult } from "./draft";
import { cleanText } from "./fields";
import { fromRecipeNode, isRecipeType, type PageFallback, type RecipeNode } from "./recipe-node";

export interface Element {
  tag: string;
  attributes: Record<string, string>;
  children: (Element | string)[];
}

const MAX_DEPTH = 200;
export const NO_MICRODATA_RECIPE = "no schema.org Recipe in microdata or RDFa";
const MAX_ELEMENTS = 200_000;
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const RAW_TEXT = new Set(["script", "style", "template", "noscript", "svg"]);
const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"];
const BLOCK = new Set(["p", "li", "div", "br", ...HEADINGS, "ul", "ol", "tr", "section", "article"]);
/** Tags whose start closes an open `<p>` (the HTML parsing rules): a recipe card a blog wraps in `<p>` is no text of it. */
const CLOSES_P = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "details",
  "div",
  "dl",
  "dd",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  ...HEADINGS,
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "ul",
]);
/** Tags within a paragraph that it may be closed through. */
const PHRASING = new Set(["a", "span", "b", "strong", "i", "em", "u", "small", "sup", "sub", "mark", "abbr", "font"]);
/** Open elements a start tag ends without their end tags, and the open elements the search for them stops at. */
interface ImpliedEnd {
  ends: Set<string>;
  stops: (open: string) => boolean;
}
const within = (...tags: string[]) => {
  const set = new Set(tags);
  return (open: string) => set.has(open);
};
/** An open `<p>` is ended through the phrasing elements inside it, and by nothing beyond them. */
const ENDS_P: ImpliedEnd = { ends: new Set(["p"]), stops: (open) => !PHRASING.has(open) };
/**
 * For a start tag that ends an open element of its kind without its end tag (`<li>one<li>two`, `<td>1<td>2`); a
 * nested list's item ends no item of the outer list.
 */
const IMPLIED_END = new Map<string, ImpliedEnd>([
  ["li", { ends: new Set(["li"]), stops: within("ul", "ol", "menu", "table") }],
  ["dt", { ends: new Set(["dt", "dd"]), stops: within("dl", "table") }],
  ["dd", { ends: new Set(["dt", "dd"]), stops: within("dl", "table") }],
  ["tr", { ends: new Set(["tr", "td", "th"]), stops: within("table", "tbody", "thead", "tfoot") }],
  ["td", { ends: new Set(["td", "th"]), stops: within("tr", "table") }],
  ["th", { ends: new Set(["td", "th"]), stops: within("tr", "table") }],
]);
/** How deep into the open elements an implied end is looked for: the scan stays linear. */
const MAX_IMPLIED_SEARCH = 32;

/** Where `rule` cuts the stack of open elements, or -1. */
function cutAt(stack: Element[], { ends, stops }: ImpliedEnd): number {
  for (let index = stack.length - 1; index > 0 && stack.length - index <= MAX_IMPLIED_SEARCH; index--) {
    const open = stack[index].tag;
    if (ends.has(open)) return index;
    if (stops(open)) break;
  }
  return -1;
}

/** Where the stack is cut for a start tag `tag` that ends open elements implicitly; the stack's length if none. */
function impliedEnd(stack: Element[], tag: string): number {
  const paragraph = CLOSES_P.has(tag) ? cutAt(stack, ENDS_P) : -1;
  if (paragraph >= 0) return paragraph;
  // a Map, not an object: a page's <constructor> element must not find Object's own properties
  const rule = IMPLIED_END.get(tag);
  const cut = rule ? cutAt(stack, rule) : -1;
  return cut >= 0 ? cut : stack.length;
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, double, single, bare] of text.matchAll(ATTRIBUTE)) {
    attributes[name.toLowerCase()] = double ?? single ?? bare ?? "";
  }
  return attributes;
}

/** The end of the tag opened at `start` ('>' outside quotes), or -1. */
function tagEnd(html: string, start: number): number {
  let quote = "";
  for (let at = start; at < html.length; at++) {
    const char = html[at];
    if (quote) {
      if (char === quote) quote = "";
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ">") return at;
    else if (char === "<") return -1;
  }
  return -1;
}

export function parseHtml(html: string): Element {
  const root: Element = { tag: "#root", attributes: {}, children: [] };
  const stack: Element[] = [root];
  let at = 0;
  let count = 0;
  const lower = html.toLowerCase();
  while (at < html.length && count < MAX_ELEMENTS) {
    const open = html.indexOf("<", at);
    const top = stack[stack.length - 1];
    if (open < 0) {
      top.children.push(html.slice(at));
      break;
    }
    if (open > at) top.children.push(html.slice(at, open));
    if (html.startsWith("<!--", open)) {
      const end = html.indexOf("-->", open + 4);
      at = end < 0 ? html.length : end + 3;
      continue;
    }
    const name = /^<(\/?)([a-zA-Z][\w:-]*)/.exec(html.slice(open, open + 64));
    const end = name ? tagEnd(html, open + name[0].length) : -1;
    if (!name || end < 0) {
      top.children.push("<");
      at = open + 1;
      continue;
    }
    const tag = name[2].toLowerCase();
    at = end + 1;
    if (name[1]) {
      const index = stack.map((element) => element.tag).lastIndexOf(tag);
      if (index > 0) stack.length = index;
      continue;
    }
    const element: Element = { tag, attributes: parseAttributes(html.slice(open + name[0].length, end)), children: [] };
    count++;
    stack.length = impliedEnd(stack, tag);
    stack[stack.length - 1].children.push(element);
    if (RAW_TEXT.has(tag)) {
      const close = lower.indexOf(`</${tag}`, at);
      at = close < 0 ? html.length : close;
    } else if (!VOID.has(tag) && !html.slice(open, end).endsWith("/") && stack.length < MAX_DEPTH) stack.push(element);
  }
  return root;
}

/** A property's text is read up to here: far beyond any recipe's (a description is kept to 2,000 characters). */
const MAX_TEXT_LENGTH = 20_000;
/** Properties read from one item: a recipe has a few dozen. */
const MAX_PROPERTIES = 1_000;

const rawTexts = new WeakMap<Element, string>();
const elementTexts = new WeakMap<Element, string>();

/**
 * Text content, with line breaks where block elements and <br> break it, cut at MAX_TEXT_LENGTH. Each element's is
 * made once, from its children's (an itemprop nested 60 deep around 1 MB of text read that text 60 times).
 */
function rawText(element: Element): string {
  const known = rawTexts.get(element);
  if (known !== undefined) return known;
  let text = "";
  for (const child of element.children) {
    if (text.length >= MAX_TEXT_LENGTH) break;
    if (typeof child === "string") text += child.slice(0, MAX_TEXT_LENGTH).replace(/\s+/g, " ");
    else if (!RAW_TEXT.has(child.tag)) text += BLOCK.has(child.tag) ? `\n${rawText(child)}\n` : rawText(child);
  }
  if (text.length > MAX_TEXT_LENGTH) text = text.slice(0, MAX_TEXT_LENGTH);
  rawTexts.set(element, text);
  return text;
}

function elementText(element: Element): string {
  let text = elementTexts.get(element);
  if (text === undefined) {
    text = rawText(element).split("\n").map(cleanText).filter(Boolean).join("\n");
    elementTexts.set(element, text);
  }
  return text;
}

function propertyValue(element: Element): string {
  const { attributes, tag } = element;
  if (attributes.content !== undefined) return attributes.content;
  if (tag === "meta") return "";
  if (tag === "time" && attributes.datetime) return attributes.datetime;
  if ((tag === "img" || tag === "source") && attributes.src) return attributes.src;
  if (
    (tag === "a" || tag === "link") &&
    attributes.href &&
    /^(?:url|image|sameas)$/i.test(propertyNames(element)[0] ?? "")
  ) {
    return attributes.href;
  }
  return elementText(element);
}

function propertyNames(element: Element): string[] {
  const names = element.attributes.itemprop ?? element.attributes.property ?? "";
  return names
    .split(/\s+/)
    .map((name) => name.replace(/^(?:schema:|https?:\/\/schema\.org\/)/i, ""))
    .filter(Boolean);
}

function isItem(element: Element): boolean {
  return element.attributes.itemscope !== undefined || element.attributes.typeof !== undefined;
}

function itemTypes(element: Element): string[] {
  return (element.attributes.itemtype ?? element.attributes.typeof ?? "").split(/\s+/).filter(Boolean);
}

function add(node: RecipeNode, name: string, value: unknown): void {
  const existing = node[name];
  if (existing === undefined) node[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else node[name] = [existing, value];
}

/** The properties of an item: every itemprop below it, nested items read as objects of their own. */
function itemNode(item: Element, depth = 0): RecipeNode {
  const node: RecipeNode = { "@type": itemTypes(item).map((type) => type.replace(/^.*[/:#]/, "")) };
  let properties = 0;
  const visit = (element: Element, level: number) => {
    for (const child of element.children) {
      if (typeof child === "string") continue;
      const names = propertyNames(child);
      if (names.length > 0) {
        if (++properties > MAX_PROPERTIES) return;
        // a nested item keeps its whole text too: an ingredient item may hold its amount and name apart
        const value =
          isItem(child) && depth < 8
            ? { ...itemNode(child, depth + 1), "@text": elementText(child) }
            : propertyValue(child);
        for (const name of names) add(node, name, value);
        if (isItem(child)) continue;
      } else if (isItem(child)) continue;
      if (level < MAX_DEPTH) visit(child, level + 1);
    }
  };
  visit(item, 0);
  return node;
}

function findRecipeItem(element: Element, depth = 0): Element | null {
  if (isItem(element) && itemTypes(element).some(isRecipeType)) return element;
  if (depth > MAX_DEPTH) return null;
  for (const child of element.children) {
    if (typeof child === "string") continue;
    const found = findRecipeItem(child, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The Recipe item of a page in microdata or RDFa, as properties; null when it has none. */
export function microdataRecipe(page: string | Element): RecipeNode | null {
  const item = findRecipeItem(typeof page === "string" ? parseHtml(page) : page);
  return item ? itemNode(item) : null;
}

export function fromMicrodata(html: string | Element, page?: PageFallback): ParseResult {
  const recipe = microdataRecipe(html);
  return recipe ? fromRecipeNode(recipe, page) : { ok: false, reason: NO_MICRODATA_RECIPE };
}
