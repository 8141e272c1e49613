/**
 * The picture a recipe has until someone shares a photo of it, drawn so that recipes can be told apart at a
 * glance: the dish's form (soup bowl, salad bowl, skillet, bread board or plate, read from the name), its main
 * ingredients' icons on it, and colours from those ingredients (greens for vegetables, warm reds for meat...).
 * The same recipe always gives the same picture; it is a few hundred bytes of shapes plus the icons.
 */
import { MISCELLANEOUS_TYPE } from "./ingredient-types";

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

/** Words of a recipe's name that say what it is served in, checked in this order (a "soup bowl" is a bowl). */
const FORM_WORDS: [DishForm, string[]][] = [
  ["salad", ["salad", "slaw", "coleslaw", "tabbouleh", "poke"]],
  [
    "bowl",
    [
      "soup",
      "stew",
      "curry",
      "chili",
      "chilli",
      "ramen",
      "pho",
      "broth",
      "chowder",
      "congee",
      "porridge",
      "oatmeal",
    ].concat(["dal", "dhal", "bisque", "gumbo", "goulash", "laksa", "bowl", "risotto"]),
  ],
  [
    "skillet",
    [
      "stir fry",
      "stir-fry",
      "stir-fried",
      "fried",
      "skillet",
      "frittata",
      "omelet",
      "omelette",
      "hash",
      "fajita",
    ].concat(["fajitas", "saute", "sauteed", "shakshuka", "paella", "scramble", "scrambled", "pan"]),
  ],
  [
    "bread",
    ["bread", "toast", "sandwich", "burger", "pancake", "pancakes", "waffle", "waffles", "muffin", "muffins", "cake"]
      .concat(["pizza", "flatbread", "quesadilla", "taco", "tacos", "wrap", "wraps", "pie", "tart", "scone", "scones"])
      .concat(["crepe", "crepes", "bun", "buns", "bagel", "focaccia", "loaf", "cookies", "brownies"]),
  ],
];

/** The form the dish is drawn in, from words of its name; a plate when none says otherwise. */
export function dishFormOf(recipeName: string): DishForm {
  const plain = recipeName
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
  const name = ` ${plain.replace(/[^a-z-]+/g, " ")} `;
  return FORM_WORDS.find(([, words]) => words.some((word) => name.includes(` ${word} `)))?.[0] ?? "plate";
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

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
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
    `<title>${escapeXml(recipeName)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>`,
    `<ellipse cx="${dish.x + 6}" cy="${dish.y + 96}" rx="110" ry="14" fill="${shade}" opacity="0.55"/>`,
    dish.shapes,
    ...icons,
    `</svg>`,
  ].join("");
}
