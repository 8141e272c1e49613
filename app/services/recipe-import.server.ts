/**
 * Imports recipes from a file, a folder (recursively: recipe files and other apps' exports), an uploaded file or a
 * web page, saving each through saveRecipe. Re-importing a recipe updates it (recipes are keyed by name); from
 * another app's export, a recipe the cook has already, same title and source, is reported as a duplicate instead.
 * Files are read in the import worker (decision 081), archives within their own limits (decision 103).
 * Web pages are fetched by import-fetch.server.ts (public addresses only, redirect, time and size limits).
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { formatOfContentType, isImportableFileName, type SourceFormat } from "~/domain/recipe-import";
import type { ExportedRecipe } from "~/domain/recipe-import/apps/export-file";
import type { RecipeDraft } from "~/domain/recipe-analysis";
import { TOO_MANY_RECIPES } from "~/domain/user-recipe";
import { deleteUnusedDishPhotos, storedDishPhotoOf } from "./dish-photo-use.server";
import { fetchFailure, fetchOk, ImportError, privateHostsAllowedByEnv, readBody } from "./import-fetch.server";
import { parseInWorker } from "./import-parser.server";
import { RateLimiter } from "./rate-limit.server";
import { imageUrl, storeImage } from "./images.server";
import { fetchedPhoto } from "./recipe-photo.server";
import { RecipeRejectedError, saveRecipe, takeAddition } from "./recipe-store.server";

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** An uploaded file: a recipe document, or another app's export with its photos (under the 16 MB every body gets). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

export interface ImportedItem {
  item: string;
  id: number;
  name: string;
}

export interface ImportSummary {
  imported: ImportedItem[];
  updated: ImportedItem[];
  /** recipes of an export the cook has already (same title and source), or twice in the file: not imported again */
  duplicates: { item: string; name: string; id?: number }[];
  failed: { item: string; reason: string }[];
}

export interface ImportProgress {
  done: number;
  total: number;
  item: string;
}

export interface ImportOptions {
  userId?: number | null;
  /** a user's import shown to everyone; by default it is theirs alone */
  shared?: boolean;
  /** lets URL imports reach loopback and private addresses; for tests against a local server only */
  allowPrivateHosts?: boolean;
  onProgress?: (progress: ImportProgress) => void;
  /** the time a document may take to read, when not PARSE_BUDGET_MS; for tests of the budget only */
  parseBudgetMs?: number;
  /** whether an export's photos that are web addresses (CSV exports) are downloaded; by default they are */
  remotePhotos?: boolean;
}

interface Document {
  text: string;
  format: SourceFormat;
  sourceUrl?: string;
}

/** A recipe of the same title and source is in the cook's recipes already. */
class DuplicateRecipeError extends Error {
  constructor(readonly recipeName: string, readonly id?: number) {
    super(`"${recipeName}" is a duplicate`);
  }
}

interface SavedItem {
  id: number;
  name: string;
  created: boolean;
}

/** One thing to import: where it comes from (shown in the summary) and how to read and save it. */
interface ImportItem {
  item: string;
  save: () => Promise<SavedItem>;
  /** the name of the recipe before it in the file that this one repeats: reported, not saved nor counted */
  duplicateOf?: string;
  /** the host a URL import fetches from: its failures are counted against it too */
  host?: string;
}

/**
 * Imports from one host that failed (or are still running) in an hour, whoever asked: a hostile page is not fetched
 * and read again and again. An attempt is counted when it starts and given back once it imported.
 */
export const FAILED_IMPORTS_PER_HOST = 20;
const failuresByHost = new RateLimiter("import-failures-host", FAILED_IMPORTS_PER_HOST, 60 * 60 * 1000);
const tooManyFailuresFrom = (host: string) => `imports from ${host} failed too often this hour; please try again later`;

// ---------- fetching ----------

/** GETs a recipe page: http(s) only, public addresses only, at most 3 redirects, 10 s and 5 MB. */
async function fetchRecipeDocument(address: string, allowPrivateHosts: boolean): Promise<Document> {
  try {
    const { response, url } = await fetchOk(address, allowPrivateHosts);
    const format = formatOfContentType(response.headers["content-type"] ?? "");
    if (!format) {
      response.resume();
      const type = response.headers["content-type"] ?? "(none)";
      throw new ImportError(`unsupported content type ${type}; expected HTML or JSON`);
    }
    return {
      text: (await readBody(response, MAX_DOCUMENT_BYTES, "page")).toString("utf8"),
      format,
      sourceUrl: url.toString(),
    };
  } catch (error) {
    throw fetchFailure(error);
  }
}

// ---------- files ----------

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(async (entry) => {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) return filesUnder(full);
        return entry.isFile() && isImportableFileName(entry.name) ? [full] : [];
      })
  );
  return nested.flat();
}

/** Every file under a folder, or the one file, with where it is. */
async function pathFiles(source: string): Promise<string[]> {
  const info = await stat(source).catch(() => null);
  if (!info) throw new ImportError("no such file or folder");
  return info.isDirectory() ? filesUnder(source) : [source];
}

/** Exports and archives are read whole into the worker: a household's export with photos, not a site's dump. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

// ---------- importing ----------

/** A photo from an archive, checked and re-encoded like an uploaded dish photo; null when it is no usable image. */
async function storedArchivePhoto(bytes: Uint8Array): Promise<string | null> {
  try {
    return imageUrl(await storeImage("dishes", new Blob([new Uint8Array(bytes)])));
  } catch {
    return null;
  }
}

async function saveDocument(document: Document, options: ImportOptions): Promise<SavedItem> {
  const parsed = await parseInWorker(
    { kind: "document", text: document.text, format: document.format },
    options.parseBudgetMs
  );
  if (!parsed.ok) throw new ImportError(parsed.reason);
  const sourceUrl = parsed.draft.sourceUrl ?? document.sourceUrl ?? null;
  // The photo a page or a file names is kept here: browsers are not sent to other sites (or other pages) for it.
  const image = await fetchedPhoto(parsed.draft.image, allowedPrivateHosts(options));
  return saveDraft({ ...parsed.draft, sourceUrl, image }, options, false);
}

/** An export's recipe: its photo from the archive (or, for CSV exports, downloaded), a duplicate left as it is. */
async function saveExported(recipe: ExportedRecipe, options: ImportOptions): Promise<SavedItem> {
  if (!recipe.result.ok) throw new ImportError(recipe.result.reason);
  const { draft } = recipe.result;
  const image = recipe.photo
    ? await storedArchivePhoto(recipe.photo)
    : options.remotePhotos === false
    ? null
    : await fetchedPhoto(draft.image, allowedPrivateHosts(options));
  return saveDraft({ ...draft, image }, options, true);
}

async function saveDraft(parsed: RecipeDraft, options: ImportOptions, skipDuplicates: boolean): Promise<SavedItem> {
  const draft = {
    ...parsed,
    importedById: options.userId ?? null,
    shared: options.shared ?? false,
    sourceUrl: parsed.sourceUrl ?? null,
  };
  // Checked in the saving transaction, so a recipe created meanwhile under that name is not replaced either.
  const saved = await saveRecipe(draft, {
    allowanceTaken: true,
    checkReplace(existing) {
      if (skipDuplicates && (existing.sourceUrl ?? null) === draft.sourceUrl)
        throw new DuplicateRecipeError(draft.name, existing.id);
      if (existing.origin !== "imported") {
        throw new ImportError(`"${draft.name}" is already a ${existing.origin} recipe; it was left unchanged`);
      }
      // A user re-importing updates only recipes they imported themself (the command line may update any import).
      if (options.userId != null && existing.importedById !== options.userId) {
        throw new ImportError(`"${draft.name}" is already in the cookbook; it was left unchanged`);
      }
    },
  }).catch(async (error: unknown) => {
    // Refused or failed: the photo just stored for it is shown by nothing.
    await deleteUnusedDishPhotos([storedDishPhotoOf(draft.image)]);
    throw error;
  });
  return { id: saved.id, name: draft.name, created: saved.created };
}

const emptySummary = (): ImportSummary => ({ imported: [], updated: [], duplicates: [], failed: [] });

async function importItems(items: ImportItem[], options: ImportOptions): Promise<ImportSummary> {
  const summary = emptySummary();
  const userId = options.userId ?? null;
  for (const [index, { item, save, host, duplicateOf }] of items.entries()) {
    try {
      if (duplicateOf !== undefined) throw new DuplicateRecipeError(duplicateOf);
      // Each attempt is counted before anything is fetched or read, and a host's given back once it imported.
      if (host && !(await failuresByHost.tryHit(host))) throw new ImportError(tooManyFailuresFrom(host));
      if (userId !== null && !(await takeAddition(userId))) {
        if (host) await failuresByHost.release(host);
        throw new RecipeRejectedError(TOO_MANY_RECIPES, 429);
      }
      const saved = await save();
      if (host) await failuresByHost.release(host);
      (saved.created ? summary.imported : summary.updated).push({ item, id: saved.id, name: saved.name });
    } catch (error) {
      if (error instanceof DuplicateRecipeError) {
        summary.duplicates.push({ item, name: error.recipeName, ...(error.id ? { id: error.id } : {}) });
        options.onProgress?.({ done: index + 1, total: items.length, item });
        continue;
      }
      const reason =
        error instanceof ImportError || error instanceof RecipeRejectedError
          ? error.message
          : `unexpected error: ${(error as Error).message}`;
      summary.failed.push({ item, reason });
    }
    options.onProgress?.({ done: index + 1, total: items.length, item });
  }
  return summary;
}

const URL_LIKE = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * Every recipe of a file: one recipe document, or another app's export holding many (read in the worker). A recipe
 * found twice in the file is reported once as a duplicate and imported once.
 */
async function fileItems(fileName: string, bytes: Uint8Array, options: ImportOptions): Promise<ImportItem[]> {
  const reading = await parseInWorker({ kind: "file", name: fileName, bytes }, options.parseBudgetMs);
  if (!reading.ok) throw new ImportError(reading.reason);
  const isExport = reading.recipes.length > 1 || reading.app !== "recipe file";
  return reading.recipes.map((recipe) => {
    const item = isExport && recipe.item !== fileName ? `${fileName} › ${recipe.item}` : recipe.item;
    const duplicateOf = recipe.duplicate ? recipe.duplicateOf ?? item : undefined;
    return {
      item,
      duplicateOf,
      save: () => (isExport ? saveExported(recipe, options) : saveExportedDocument(recipe, options)),
    };
  });
}

/** A lone recipe document (.json, .html, .md) imports as it always did: a re-import updates the recipe. */
function saveExportedDocument(recipe: ExportedRecipe, options: ImportOptions): Promise<SavedItem> {
  if (!recipe.result.ok) throw new ImportError(recipe.result.reason);
  return saveDraft(recipe.result.draft, options, false);
}

/** The items of a file, or one item that fails with the reason the file cannot be read. */
async function readableFileItems(
  fileName: string,
  bytes: () => Promise<Uint8Array>,
  options: ImportOptions
): Promise<ImportItem[]> {
  try {
    return await fileItems(fileName, await bytes(), options);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    return [{ item: fileName, save: () => Promise.reject(error) }];
  }
}

/** Imports every recipe of a file's bytes (an uploaded file, a local file), whatever app wrote it. */
export async function importFile(
  fileName: string,
  bytes: Uint8Array,
  options: ImportOptions = {}
): Promise<ImportSummary> {
  return importItems(await readableFileItems(fileName, async () => bytes, options), options);
}

async function localFileBytes(file: string): Promise<Uint8Array> {
  if ((await stat(file)).size > MAX_FILE_BYTES) throw new ImportError("the file is larger than 64 MB");
  return new Uint8Array(await readFile(file));
}

/** Imports a file, every recipe file and export under a folder, or the recipe page at an http(s) URL. */
export async function importSource(source: string, options: ImportOptions = {}): Promise<ImportSummary> {
  if (URL_LIKE.test(source)) return importUrl(source, options);
  let files: string[];
  try {
    files = await pathFiles(source);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    return { ...emptySummary(), failed: [{ item: source, reason: error.message }] };
  }
  const items: ImportItem[] = [];
  for (const file of files) items.push(...(await readableFileItems(file, () => localFileBytes(file), options)));
  return importItems(items, options);
}

const allowedPrivateHosts = (options: ImportOptions) => options.allowPrivateHosts ?? privateHostsAllowedByEnv();

/** The host name of an http(s) address, for counting failures; none for anything else (refused before a fetch). */
function hostOf(address: string): string | undefined {
  try {
    const url = new URL(address);
    return /^https?:$/.test(url.protocol) ? url.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** Imports the recipe page at a URL; never reads local files, whatever the text. */
export function importUrl(address: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const allowPrivateHosts = allowedPrivateHosts(options);
  return importItems(
    [
      {
        item: address,
        host: hostOf(address),
        save: async () => saveDocument(await fetchRecipeDocument(address, allowPrivateHosts), options),
      },
    ],
    options
  );
}

/** The summary's name for a recipe pasted on /import. */
export const PASTED_ITEM = "Pasted recipe";

/** Imports a recipe pasted as text (title line, ingredient lines, steps), read in the worker like any document. */
export function importText(text: string, options: ImportOptions = {}): Promise<ImportSummary> {
  return importItems([{ item: PASTED_ITEM, save: () => saveDocument({ text, format: "text" }, options) }], options);
}

/** Imports an uploaded file's text. */
export function importUpload(fileName: string, text: string, options: ImportOptions = {}): Promise<ImportSummary> {
  return importFile(fileName, new TextEncoder().encode(text), options);
}
