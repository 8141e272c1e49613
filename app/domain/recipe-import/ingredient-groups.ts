/**
 * Ingredient group headings as recipe plugins (WP Recipe Maker, Tasty Recipes and the like) print them around
 * the ingredient list, which JSON-LD flattens: the headings in page order, each with the number of lines under it.
 */
import type { RawEntry } from "./draft";
import { cleanText } from "./fields";
import type { Element } from "./microdata";

export interface IngredientGroup {
  heading: string | null;
  lines: number;
  /** a group of tools the plugin prints among the ingredients ("Equipment Needed"): not ingredient lines */
  equipment?: boolean;
}

const CONTAINER = /(?:^|[\s_-])ingredients?(?:-container|-list|-body|-section)?(?:$|\s)/i;
const HEADING_CLASS = /group-name|group-title|section-title|ingredients?-heading|\bing-?heading|subheading/i;
const HEADING_TAG = /^h[2-6]$/;
/** Headings of the whole list or of the next block, not of a group: "Ingredients 1x 2x 3x", "Equipment". */
const NOT_A_GROUP =
  /^(?:ingredients?|zutaten|ingr[ée]dients?|ingredientes|ingredi[eë]nten|ingredienser|ingredienti|sk[łl]adniki|equipment|you will need|notes?)\b/i;
/** A group of tools rather than ingredients, which the JSON-LD lists among them. */
const EQUIPMENT =
  /^(?:(?:special|kitchen)\s+)?(?:equipment|tools|utensils)(?:\s+(?:needed|required|you(?:'|’)ll need))?$|^(?:ausrüstung|utensilios|ustensiles|utensili|keukengerei)$/i;
const MAX_DEPTH = 200;

function classOf(element: Element): string {
  return `${element.attributes.class ?? ""} ${element.attributes.id ?? ""}`;
}

function text(element: Element, depth = 0): string {
  if (depth > MAX_DEPTH) return "";
  return element.children.map((child) => (typeof child === "string" ? child : text(child, depth + 1))).join(" ");
}

function hasListItems(element: Element, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  return element.children.some(
    (child) => typeof child !== "string" && (child.tag === "li" || hasListItems(child, depth + 1))
  );
}

function findContainer(element: Element, depth = 0): Element | null {
  if (depth > MAX_DEPTH) return null;
  if (element.tag !== "#root" && CONTAINER.test(classOf(element)) && hasListItems(element)) return element;
  for (const child of element.children) {
    if (typeof child === "string") continue;
    const found = findContainer(child, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A list item that is a group's heading by its class, or its content's: `<li><span class="ingHeading">`. */
export function isHeadingItem(item: Element): boolean {
  if (hasListItems(item)) return false;
  if (HEADING_CLASS.test(classOf(item))) return true;
  return item.children.some((child) => typeof child !== "string" && HEADING_CLASS.test(classOf(child)));
}

/** The groups of the page's ingredient list, or null when it shows no headings. */
export function ingredientGroupsOf(page: Element): IngredientGroup[] | null {
  const container = findContainer(page);
  if (!container) return null;
  const groups: IngredientGroup[] = [{ heading: null, lines: 0 }];
  const walk = (element: Element, depth: number) => {
    for (const child of element.children) {
      if (typeof child === "string") continue;
      if (child.tag === "li" && !isHeadingItem(child)) groups[groups.length - 1].lines++;
      else if (
        HEADING_TAG.test(child.tag) ||
        (HEADING_CLASS.test(classOf(child)) && !hasListItems(child)) ||
        child.tag === "li"
      ) {
        const heading = cleanText(text(child)).replace(/:$/, "");
        if (EQUIPMENT.test(heading)) groups.push({ heading, lines: 0, equipment: true });
        else if (heading && !NOT_A_GROUP.test(heading)) groups.push({ heading, lines: 0 });
      } else if (depth < MAX_DEPTH) walk(child, depth + 1);
    }
  };
  walk(container, 0);
  const shown = groups.filter((group) => group.lines > 0);
  return shown.some((group) => group.heading) ? shown : null;
}

/**
 * The lines with the page's group headings put in, when the page lists exactly as many lines; the lines of a group
 * of equipment are left out.
 */
export function withGroupHeadings(lines: RawEntry[], groups: IngredientGroup[] | null | undefined): RawEntry[] {
  if (!groups || lines.some((line) => typeof line !== "string")) return lines;
  if (groups.reduce((total, group) => total + group.lines, 0) !== lines.length) return lines;
  let at = 0;
  return groups.flatMap((group) => {
    const part = lines.slice(at, (at += group.lines));
    if (group.equipment) return [];
    return group.heading ? [{ heading: group.heading }, ...part] : part;
  });
}
