/**
 * The picture a recipe has until someone shares a photo of it, drawn so that recipes can be told apart at a
 * glance: the dish's form (soup bowl, salad bowl, skillet, bread board or plate, read from the name), its main
 * ingredients' icons on it, and colours from those ingredients (greens for vegetables, warm reds for meat...).
 * The same recipe always gives the same picture; it is a few hundred bytes of shapes plus the icons.
 */
import { MISCELLANEOUS_TYPE } from "./ingredient-types";
import { escapeHtml } from "./html-text";

export interface IllustrationLine {
  type: string | null;
  icon: string | null;
  grams: number | null;
  isStaple: boolean;
}

export interface MainIngredient {
  icon: string;
  type: string | null;
}

export type DishForm = "bowl" | "salad" | "skillet" | "bread" | "plate";

export const MAX_PLATE_ICONS = 4;
const WIDTH = 320;
const HEIGHT = 240;

/** FNV-1a: a small, stable hash of the name. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The main ingredients, heaviest first: seasonings and staples (salt, oil, water) left out, each icon once.
 * Lines without a weight come after the weighed ones, in recipe order.
 */
export function mainIngredients(lines: IllustrationLine[]): MainIngredient[] {
  const candidates = lines
    .map((line, position) => ({ ...line, position }))
    .filter((line) => line.icon && line.type !== MISCELLANEOUS_TYPE && !line.isStaple)
    .sort((a, b) => (b.grams ?? -1) - (a.grams ?? -1) || a.position - b.position);
  const seen = new Set<string>();
  return candidates
    .filter((line) => !seen.has(line.icon!) && seen.add(line.icon!))
    .slice(0, MAX_PLATE_ICONS)
    .map((line) => ({ icon: line.icon!, type: line.type }));
}

/**
 * Names of dishes by the form they are drawn in, singular (a plural "s" or "es" is read too). A name of several
 * words ("fried rice") wins over its last word alone ("rice"), so "fish cake" can be a plate while "cake" is bread.
 */
const FORM_NAMES: Record<DishForm, string[]> = {
  salad: ["salad", "slaw", "coleslaw", "tabbouleh", "poke", "panzanella", "fattoush", "caesar"],
  bowl: [
    ...["soup", "stew", "curry", "chili", "chilli", "ramen", "pho", "broth", "chowder", "congee", "porridge"],
    ...["oatmeal", "overnight oats", "dal", "dhal", "bisque", "gumbo", "goulash", "laksa", "bowl", "risotto"],
    ...["gazpacho", "minestrone", "ribollita", "pozole", "ajiaco", "caldo verde", "sopa", "zuppa", "pasta e fagioli"],
    ...["korma", "masala", "saag", "palak paneer", "rendang", "tagine", "kheer", "yoghurt", "yogurt"],
  ],
  skillet: [
    ...["stir fry", "stir-fry", "skillet", "frittata", "omelet", "omelette", "hash", "fajita", "saute"],
    ...["shakshuka", "paella", "scramble", "scrambled egg", "fried rice", "fried egg", "nasi goreng", "mee goreng"],
    ...["chaufa", "menemen", "revuelto", "spanish tortilla", "chilaquiles"],
  ],
  bread: [
    ...["bread", "toast", "french toast", "bruschetta", "crostini", "sandwich", "toastie", "panini", "burger"],
    ...["slider", "melt", "grilled cheese", "sloppy joe", "banh mi", "choripan", "pan", "pao", "naan", "paratha"],
    ...["pancake", "waffle", "muffin", "cake", "pizza", "flatbread", "cornbread", "focaccia", "quesadilla", "taco"],
    ...["burrito", "wrap", "pie", "tart", "scone", "crepe", "bun", "bagel", "loaf", "cookie", "brownie", "manakish"],
  ],
  plate: ["fish cake", "potato cake", "crab cake", "rice cake"],
};

/** Words after which a name goes on to what the dish comes with, or where it comes from. */
const CONNECTORS = new Set(["with", "con", "on", "in", "de", "for", "served", "topped"]);
/** Words that follow the dish's name in Spanish or Portuguese names ("Pozole Rojo", "Chilaquiles Verdes"). */
const TRAILING_ADJECTIVES = new Set(["verde", "verdes", "rojo", "roja", "blanco", "blanca", "negro", "negra"]);
/** How a dish whose name says no form was cooked, when that is in a pan ("Pan-Fried Halloumi"). */
const PAN_COOKED = new Set(["stir-fried", "pan-fried", "pan-seared", "sauteed", "wok-fried", "wok-charred", "skillet"]);

const singular = (word: string) => word.replace(/(?:es|s)$/, "");
const FORM_BY_NAME = new Map<string, DishForm>(
  (Object.entries(FORM_NAMES) as [DishForm, string[]][]).flatMap(([form, names]) =>
    names.map((dishName): [string, DishForm] => [dishName, form])
  )
);

/** The form of a dish of these words, when its last words (2 or 3 of them first, then 1) name one. */
function formOfEnding(words: string[]): DishForm | undefined {
  for (const length of [3, 2, 1]) {
    if (words.length < length) continue;
    const ending = words.slice(-length);
    const last = ending.at(-1)!;
    for (const candidate of new Set([last, singular(last), last.replace(/s$/, "")])) {
      const form = FORM_BY_NAME.get([...ending.slice(0, -1), candidate].join(" "));
      if (form) return form;
    }
  }
  return undefined;
}

/**
 * The form the dish is drawn in, from its name; a plate when the name does not say. What a dish is, is the
 * name's head: the words before what it comes with ("Pan con Tomate", "Spaghetti with Chilli"), and of these
 * the last ones ("Skillet Cornbread" is bread, "Chilli Prawns" are not a chili). Matching a form word
 * anywhere in the name drew garnishes and cooking words instead of the dish.
 */
export function dishFormOf(recipeName: string): DishForm {
  const plain = recipeName
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\(.*$/, "");
  const words = plain.split(/[^a-z0-9-]+/).filter(Boolean);
  const cut = words.findIndex((word, index) => index > 0 && CONNECTORS.has(word));
  const head = cut === -1 ? words : words.slice(0, cut);
  while (head.length > 1 && TRAILING_ADJECTIVES.has(head.at(-1)!)) head.pop();
  return formOfEnding(head) ?? (head.some((word) => PAN_COOKED.has(word)) ? "skillet" : "plate");
}

/** A hue for each kind of ingredient, so a recipe's colours say what it is made of. */
const TYPE_HUES: Record<string, number> = {
  Vegetables: 115,
  "Meat sausages and fish": 8,
  Eggs: 46,
  "Milk and dairy products": 40,
  "Grains nuts and baking products": 32,
  Fruit: 20,
  "Oil and fat": 52,
  Seasoning: 28,
};

/** The background and the food's colours: from the main ingredients' kinds, nudged by the name. */
function paletteOf(recipeName: string, ingredients: MainIngredient[]) {
  const hash = hashOf(recipeName);
  const nudge = (hash % 21) - 10;
  const hues = ingredients.map((ingredient) => TYPE_HUES[ingredient.type ?? ""]).filter((hue) => hue !== undefined);
  const main = hues[0] ?? hash % 360;
  const second = hues.find((hue) => hue !== main) ?? main + 30;
  return {
    background: `hsl(${(main + nudge + 360) % 360} 60% 86%)`,
    shade: `hsl(${(main + nudge + 360) % 360} 35% 68%)`,
    food: `hsl(${(second + 360) % 360} 62% 58%)`,
    hash,
  };
}

/** Where icons sit (centre x, centre y, size), by how many there are, around (0, 0). */
const LAYOUTS: [number, number, number][][] = [
  [],
  [[0, 0, 104]],
  [
    [-36, 0, 74],
    [36, 0, 74],
  ],
  [
    [0, -34, 62],
    [-38, 26, 62],
    [38, 26, 62],
  ],
  [
    [-34, -32, 58],
    [34, -32, 58],
    [-34, 32, 58],
    [34, 32, 58],
  ],
];

/** The dish under the food, and where (centre, scale) the icons go on it. */
function dishOf(form: DishForm, food: string): { shapes: string; x: number; y: number; scale: number } {
  switch (form) {
    case "bowl":
      return {
        shapes:
          `<path d="M58 108a102 90 0 0 0 204 0z" fill="#fdfdfb"/>` +
          `<ellipse cx="160" cy="108" rx="102" ry="28" fill="${food}"/>` +
          `<ellipse cx="160" cy="108" rx="102" ry="28" fill="none" stroke="#e9e6df" stroke-width="6"/>`,
        x: 160,
        y: 104,
        scale: 0.62,
      };
    case "salad":
      return {
        shapes:
          `<path d="M50 112a110 84 0 0 0 220 0z" fill="#fdfdfb"/>` +
          [70, 105, 140, 180, 215, 250]
            .map((cx, index) => {
              const leaf = `hsl(${100 + index * 8} 55% ${40 + (index % 3) * 8}%)`;
              return `<circle cx="${cx}" cy="${104 - (index % 2) * 10}" r="24" fill="${leaf}"/>`;
            })
            .join("") +
          `<rect x="50" y="108" width="220" height="6" fill="#e9e6df"/>`,
        x: 160,
        y: 92,
        scale: 0.66,
      };
    case "skillet":
      return {
        shapes:
          `<rect x="236" y="110" width="80" height="18" rx="9" fill="#2d2a27"/>` +
          `<circle cx="140" cy="120" r="100" fill="#3a3633"/>` +
          `<circle cx="140" cy="120" r="84" fill="${food}"/>`,
        x: 140,
        y: 120,
        scale: 0.86,
      };
    case "bread":
      return {
        shapes:
          `<rect x="34" y="44" width="252" height="160" rx="22" fill="#b9814f"/>` +
          `<rect x="34" y="44" width="252" height="160" rx="22" fill="none" stroke="#a06c3d" stroke-width="6"/>` +
          `<circle cx="262" cy="66" r="8" fill="#8a5a30"/>`,
        x: 160,
        y: 126,
        scale: 0.9,
      };
    case "plate":
      return {
        shapes:
          `<circle cx="160" cy="120" r="100" fill="#fdfdfb"/>` +
          `<circle cx="160" cy="120" r="78" fill="#f3f1ec"/>` +
          `<circle cx="160" cy="120" r="62" fill="${food}" opacity="0.35"/>`,
        x: 160,
        y: 120,
        scale: 1,
      };
  }
}

/**
 * SVG document of the illustration. `iconSvgs` are complete SVG documents of the icons (32×32 Fluent Emoji) of
 * `ingredients`, main ingredient first; with none, the dish is shown empty.
 */
export function recipeIllustrationSvg(
  recipeName: string,
  iconSvgs: string[],
  ingredients: MainIngredient[] = []
): string {
  const { background, shade, food, hash } = paletteOf(recipeName, ingredients);
  const form = dishFormOf(recipeName);
  const dish = dishOf(form, food);
  const layout = LAYOUTS[Math.min(iconSvgs.length, MAX_PLATE_ICONS)];
  const icons = layout.map(([dx, dy, size], index) => {
    const tilt = ((hash >>> (index * 4)) % 25) - 12;
    const scaled = size * dish.scale;
    const x = dish.x + dx * dish.scale;
    const y = dish.y + dy * dish.scale;
    return (
      `<g transform="translate(${x} ${y}) rotate(${tilt}) translate(${-scaled / 2} ${-scaled / 2}) ` +
      `scale(${scaled / 32})">` +
      `${iconSvgs[index]}</g>`
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
      `role="img">`,
    `<title>${escapeHtml(recipeName)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>`,
    `<ellipse cx="${dish.x + 6}" cy="${dish.y + 96}" rx="110" ry="14" fill="${shade}" opacity="0.55"/>`,
    dish.shapes,
    ...icons,
    `</svg>`,
  ].join("");
}
