/** SVG markup of Fluent Emoji Flat icons (MIT), read from the installed @iconify-json package once. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
}
interface IconifyAlias {
  parent: string;
  hFlip?: boolean;
}
interface IconifySet {
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, IconifyAlias>;
  width?: number;
  height?: number;
}

let iconSet: IconifySet | undefined;
const svgCache = new Map<string, string | null>();

function loadIconSet(): IconifySet {
  if (!iconSet) {
    const file = createRequire(import.meta.url).resolve("@iconify-json/fluent-emoji-flat/icons.json");
    iconSet = JSON.parse(readFileSync(file, "utf8")) as IconifySet;
  }
  return iconSet;
}

function buildSvg(name: string): string | null {
  const set = loadIconSet();
  const alias = set.aliases?.[name];
  const icon = set.icons[alias ? alias.parent : name];
  if (!icon) return null;
  const width = icon.width ?? set.width ?? 16;
  const height = icon.height ?? set.height ?? 16;
  const body = alias?.hFlip ? `<g transform="translate(${width} 0) scale(-1 1)">${icon.body}</g>` : icon.body;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** The SVG document for an icon name such as "tomato", or null for a name the set does not have. */
export function iconSvg(name: string): string | null {
  if (!/^[a-z0-9-]{1,80}$/.test(name)) return null;
  if (!svgCache.has(name)) svgCache.set(name, buildSvg(name));
  return svgCache.get(name) ?? null;
}
