/**
 * Reads an uploaded or local file that may be another app's export (decision 103): a zip (Mealie, Tandoor,
 * Nextcloud, Copy Me That, Plan to Eat, Chowdown, Paprika), a gzip'd .paprikarecipe, a CSV, a Copy Me That page, a
 * Cooklang file, or one recipe document as before. The format is told from the content; the name only breaks ties.
 * Runs in the import worker: every limit of the page importer (time, memory) holds, and the archive's own limits.
 */
import { MAX_IMAGE_BYTES } from "../../image-upload";
import { ArchiveError, type ArchiveEntry, isZip, unpackFile } from "../archive";
import { buildDraft, type ParseResult, type RawRecipe } from "../draft";
import { findRecipes, firstImporting } from "../json-ld";
import { parseLenientJson } from "../lenient-json";
import { isRecipeScrapersShape } from "../recipe-scrapers";
import { formatOfFileName, parseRecipeDocument, type SourceFormat } from "../source-format";
import { fromChowdown, isChowdown } from "./chowdown";
import { fromCooklang, isCooklang } from "./cooklang";
import { fromCopyMeThat, isCopyMeThat } from "./copy-me-that";
import { fromRecipeCsv, isRecipeCsv } from "./csv-apps";
import { type ExportedRecipe, type ExportReading, folderOf } from "./exported";
import { fromMealie, fromPaprika, fromTandoor, isMealie, isPaprika, isTandoor } from "./json-apps";

export type { ExportedRecipe, ExportReading } from "./exported";

/** One document inside an export is read up to this size, like an uploaded page. */
const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** Recipes read from one file: a large household cookbook, not a dump of a recipe site. */
export const MAX_EXPORT_RECIPES = 1_000;
export const TOO_MANY_RECIPES_IN_FILE = `the file holds more than ${MAX_EXPORT_RECIPES} recipes`;

const IMAGE = /\.(?:jpe?g|png|webp|gif|avif|heic)$/i;
/** Smaller copies apps keep beside the photo: the full-size one is taken first. */
const THUMBNAIL = /(?:^|\/)(?:thumb|min-|tiny-)[^/]*$/i;

/** A recipe found in one file of an export: read by an app's reader (raw) or whole (result), and where its photo is. */
interface FoundRecipe {
  item: string;
  raw?: RawRecipe;
  result?: ParseResult;
  photo?: PhotoReference;
}

/**
 * Where a recipe's photo is: its bytes as the app embedded them, a path ("images/okra.jpg", found anywhere in the
 * export), the recipe's folder ("Shrimp/": the full-size photo beside it or in its images/) or a file stem ("Pie.":
 * Pie.jpg beside a Cooklang file).
 */
type PhotoReference = Uint8Array | string | null;

function sniffedFormat(path: string, text: string): SourceFormat | null {
  const named = formatOfFileName(path);
  if (named) return named;
  const start = text.trimStart()[0];
  return start === "<" ? "html" : start === "{" || start === "[" ? "json" : null;
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return parseLenientJson(text);
    } catch {
      return undefined;
    }
  }
}

/** The app whose JSON this is and its recipe, or null. */
function appJson(path: string, json: unknown): { app: string; recipes: FoundRecipe[] } | null {
  const folder = folderOf(path);
  if (isPaprika(json)) {
    const { raw, photo } = fromPaprika(json);
    return { app: "Paprika", recipes: [{ item: path, raw, photo }] };
  }
  if (isTandoor(json)) return { app: "Tandoor", recipes: [{ item: path, raw: fromTandoor(json), photo: folder }] };
  if (isMealie(json)) return { app: "Mealie", recipes: [{ item: path, raw: fromMealie(json), photo: folder }] };
  const schemaRecipes = isRecipeScrapersShape(json) ? [] : findRecipes(json, []);
  // schema.org Recipe JSON: Nextcloud Cookbook's recipe.json, or any JSON-LD file; its photo is the one beside it
  if (schemaRecipes.length > 0) {
    return { app: "schema.org", recipes: [{ item: path, result: firstImporting(schemaRecipes), photo: folder }] };
  }
  return null;
}

/** The recipes of one file of an export, by what its content is; null when it holds none of ours. */
function readEntry(path: string, text: string, alone: boolean): { app: string; recipes: FoundRecipe[] } | null {
  const trimmed = text.trimStart();
  const isJson = trimmed.startsWith("{") || trimmed.startsWith("[");
  const fromApp = isJson ? appJson(path, readJson(trimmed)) : null;
  if (fromApp) return fromApp;
  const fileName = path.split("/").at(-1)!;
  // inside an archive, a CSV that is no recipe table (the pantry of our own export) is passed over
  if (!isJson && (isRecipeCsv(text) || (alone && /\.csv$/i.test(path)))) {
    return { app: "CSV", recipes: fromRecipeCsv(text, fileName).map(({ item, raw }) => ({ item, raw })) };
  }
  if (!isJson && isCopyMeThat(text)) {
    const recipes = fromCopyMeThat(text).map(({ raw, photo }) => ({
      item: `${fileName} › ${String(raw.name)}`,
      raw,
      photo: photo && folderOf(path) + photo,
    }));
    return { app: "Copy Me That", recipes };
  }
  if (!isJson && isChowdown(text)) {
    const { raw, photo } = fromChowdown(text)!;
    return { app: "Chowdown", recipes: [{ item: path, raw, photo }] };
  }
  if (!isJson && (/\.cook$/i.test(path) || (!formatOfFileName(path) && isCooklang(text)))) {
    const stem = path.replace(/\.cook$/i, "") + ".";
    return { app: "Cooklang", recipes: [{ item: path, raw: fromCooklang(text, fileName), photo: stem }] };
  }
  const format = sniffedFormat(path, text);
  // Inside an archive, files that are no recipe (a backup's settings, a site's pages) are passed over.
  if (!format || (!alone && !formatOfFileName(path))) return null;
  const result = parseRecipeDocument(text, format);
  if (!alone && !result.ok) return null;
  return { app: "recipe file", recipes: [{ item: path, result }] };
}

function photoOf(reference: PhotoReference | undefined, images: ArchiveEntry[]): Uint8Array | null {
  if (!reference) return null;
  let bytes: Uint8Array | undefined;
  if (reference instanceof Uint8Array) bytes = reference;
  else if (reference.endsWith("/") || reference.endsWith(".")) {
    const beside = images.filter(({ path }) => {
      if (!path.startsWith(reference)) return false;
      const rest = path.slice(reference.length);
      return !rest.includes("/") || (reference.endsWith("/") && /^images\/[^/]+$/.test(rest));
    });
    bytes = (beside.find(({ path }) => !THUMBNAIL.test(path)) ?? beside[0])?.bytes;
  } else {
    const name = reference.replace(/^\.?\//, "");
    bytes = (images.find(({ path }) => path === name) ?? images.find(({ path }) => path.endsWith(`/${name}`)))?.bytes;
  }
  return bytes && bytes.length <= MAX_IMAGE_BYTES ? bytes : null;
}

const decoder = new TextDecoder("utf-8");

/** Every recipe of an uploaded or local file, or why none can be read. */
export function readExportFile(name: string, bytes: Uint8Array): ExportReading {
  let entries: ArchiveEntry[];
  try {
    entries = unpackFile(name, bytes);
  } catch (error) {
    if (error instanceof ArchiveError) return { ok: false, reason: error.message };
    throw error;
  }
  const alone = !isZip(bytes);
  const images = entries.filter((entry) => IMAGE.test(entry.path));
  const recipes: ExportedRecipe[] = [];
  const apps = new Set<string>();
  for (const entry of entries.sort((a, b) => a.path.localeCompare(b.path))) {
    if (IMAGE.test(entry.path)) continue;
    if (entry.bytes.length > MAX_DOCUMENT_BYTES) {
      recipes.push({ item: entry.path, result: { ok: false, reason: "the file is larger than 5 MB" } });
      continue;
    }
    const found = readEntry(entry.path, decoder.decode(entry.bytes), alone);
    if (!found) continue;
    apps.add(found.app);
    for (const { item, raw, result, photo } of found.recipes) {
      recipes.push({ item, result: result ?? buildDraft(raw!), photo: photoOf(photo, images) });
    }
    if (recipes.length > MAX_EXPORT_RECIPES) return { ok: false, reason: TOO_MANY_RECIPES_IN_FILE };
  }
  if (recipes.length === 0) return { ok: false, reason: "no recipe found in the file" };
  return { ok: true, app: [...apps].join(", "), recipes: withoutDuplicates(recipes) };
}

/** A recipe of the same title and source as one before it in the file is reported, not imported twice. */
function withoutDuplicates(recipes: ExportedRecipe[]): ExportedRecipe[] {
  const seen = new Set<string>();
  return recipes.map((recipe) => {
    if (!recipe.result.ok) return recipe;
    const key = `${recipe.result.draft.name.toLowerCase()}\u0000${recipe.result.draft.sourceUrl ?? ""}`;
    if (!seen.has(key)) {
      seen.add(key);
      return recipe;
    }
    const result: ParseResult = {
      ok: false,
      reason: `a duplicate of "${recipe.result.draft.name}" earlier in the file`,
    };
    return { item: recipe.item, result, duplicate: true };
  });
}
