/**
 * The picture a recipe has until someone shares a photo of it: its main ingredients' icons on a plate,
 * over a background colour taken from the recipe's name. The same recipe always gives the same picture.
 */
import { MISCELLANEOUS_TYPE } from "./ingredient-types";

export interface IllustrationLine {
  type: string | null;
  icon: string | null;
  grams: number | null;
  isStaple: boolean;
}

export const MAX_PLATE_ICONS = 4;
const WIDTH = 320;
const HEIGHT = 240;
const PLATE = { x: 160, y: 120, radius: 100 };

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
 * Icons of the main ingredients, heaviest first: seasonings and staples (salt, oil, water) left out,
 * each icon once. Lines without a weight come after the weighed ones, in recipe order.
 */
export function mainIngredientIcons(lines: IllustrationLine[]): string[] {
  const candidates = lines
    .map((line, position) => ({ ...line, position }))
    .filter((line) => line.icon && line.type !== MISCELLANEOUS_TYPE && !line.isStaple)
    .sort((a, b) => (b.grams ?? -1) - (a.grams ?? -1) || a.position - b.position);
  return [...new Set(candidates.map((line) => line.icon!))].slice(0, MAX_PLATE_ICONS);
}

/** Where icons sit on the plate (centre x, centre y, size), by how many there are. */
const LAYOUTS: [number, number, number][][] = [
  [],
  [[160, 120, 104]],
  [[124, 120, 74], [196, 120, 74]],
  [[160, 86, 62], [122, 146, 62], [198, 146, 62]],
  [[126, 88, 58], [194, 88, 58], [126, 152, 58], [194, 152, 58]],
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * SVG document of the illustration. `iconSvgs` are complete SVG documents of the icons (32×32 Fluent Emoji),
 * main ingredient first; with none, the plate is shown empty.
 */
export function recipeIllustrationSvg(recipeName: string, iconSvgs: string[]): string {
  const hash = hashOf(recipeName);
  const hue = hash % 360;
  const layout = LAYOUTS[Math.min(iconSvgs.length, MAX_PLATE_ICONS)];
  const icons = layout.map(([x, y, size], index) => {
    const tilt = ((hash >>> (index * 4)) % 25) - 12;
    const scale = size / 32;
    return (
      `<g transform="translate(${x} ${y}) rotate(${tilt}) translate(${-size / 2} ${-size / 2}) scale(${scale})">` +
      `${iconSvgs[index]}</g>`
    );
  });
  const { x, y, radius } = PLATE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img">`,
    `<title>${escapeXml(recipeName)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${hue} 65% 86%)"/>`,
    `<circle cx="${x + 4}" cy="${y + 6}" r="${radius}" fill="hsl(${hue} 35% 70%)" opacity="0.5"/>`,
    `<circle cx="${x}" cy="${y}" r="${radius}" fill="#fdfdfb"/>`,
    `<circle cx="${x}" cy="${y}" r="${radius * 0.78}" fill="#f3f1ec"/>`,
    ...icons,
    `</svg>`,
  ].join("");
}
