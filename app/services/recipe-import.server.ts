/**
 * Imports recipes from a file, a folder (recursively: .json, .html, .md), an uploaded file or a web page,
 * saving each through saveRecipe. Re-importing a recipe updates it (recipes are keyed by name).
 * Web pages are fetched by import-fetch.server.ts (public addresses only, redirect, time and size limits).
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { formatOfContentType, formatOfFileName, type SourceFormat } from "~/domain/recipe-import";
import { TOO_MANY_RECIPES } from "~/domain/user-recipe";
import { deleteUnusedDishPhotos, storedDishPhotoOf } from "./dish-photo-use.server";
import { fetchFailure, fetchOk, ImportError, privateHostsAllowedByEnv, readBody } from "./import-fetch.server";
import { parseInWorker } from "./import-parser.server";
import { RateLimiter } from "./rate-limit.server";
import { fetchedPhoto } from "./recipe-photo.server";
import { RecipeRejectedError, saveRecipe, takeAddition } from "./recipe-store.server";

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export interface ImportedItem {
  item: string;
  id: number;
  name: string;
}

export interface ImportSummary {
  imported: ImportedItem[];
  updated: ImportedItem[];
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
}

interface Document {
  text: string;
  format: SourceFormat;
  sourceUrl?: string;
}

/** One thing to import: where it comes from (shown in the summary) and how to read it. */
interface ImportItem {
  item: string;
  read: () => Promise<Document>;
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
        return entry.isFile() && formatOfFileName(entry.name) ? [full] : [];
      })
  );
  return nested.flat();
}

function formatOfFile(fileName: string): SourceFormat {
  const format = formatOfFileName(fileName);
  if (!format) throw new ImportError("only .json, .html and .md files can be imported");
  return format;
}

function fileItem(file: string): ImportItem {
  return {
    item: file,
    read: async () => {
      const format = formatOfFile(file);
      if ((await stat(file)).size > MAX_DOCUMENT_BYTES) throw new ImportError("the file is larger than 5 MB");
      return { text: await readFile(file, "utf8"), format };
    },
  };
}

async function pathItems(source: string): Promise<ImportItem[]> {
  const info = await stat(source).catch(() => null);
  if (!info) throw new ImportError("no such file or folder");
  return info.isDirectory() ? (await filesUnder(source)).map(fileItem) : [fileItem(source)];
}

// ---------- importing ----------

async function saveDocument(
  document: Document,
  options: ImportOptions
): Promise<{ id: number; name: string; created: boolean }> {
  const parsed = await parseInWorker(
    { kind: "document", text: document.text, format: document.format },
    options.parseBudgetMs
  );
  if (!parsed.ok) throw new ImportError(parsed.reason);
  const draft = {
    ...parsed.draft,
    importedById: options.userId ?? null,
    shared: options.shared ?? false,
    sourceUrl: parsed.draft.sourceUrl ?? document.sourceUrl ?? null,
  };
  // The photo a page or a file names is kept here: browsers are not sent to other sites (or other pages) for it.
  draft.image = await fetchedPhoto(parsed.draft.image, allowedPrivateHosts(options));
  // Checked in the saving transaction, so a recipe created meanwhile under that name is not replaced either.
  const saved = await saveRecipe(draft, {
    allowanceTaken: true,
    checkReplace(existing) {
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

async function importItems(items: ImportItem[], options: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = { imported: [], updated: [], failed: [] };
  const userId = options.userId ?? null;
  for (const [index, { item, read, host }] of items.entries()) {
    try {
      // Each attempt is counted before anything is fetched or read, and a host's given back once it imported.
      if (host && !(await failuresByHost.tryHit(host))) throw new ImportError(tooManyFailuresFrom(host));
      if (userId !== null && !(await takeAddition(userId))) {
        if (host) await failuresByHost.release(host);
        throw new RecipeRejectedError(TOO_MANY_RECIPES, 429);
      }
      const saved = await saveDocument(await read(), options);
      if (host) await failuresByHost.release(host);
      (saved.created ? summary.imported : summary.updated).push({ item, id: saved.id, name: saved.name });
    } catch (error) {
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

/** Imports a file, every .json/.html/.md file under a folder, or the recipe page at an http(s) URL. */
export async function importSource(source: string, options: ImportOptions = {}): Promise<ImportSummary> {
  if (URL_LIKE.test(source)) return importUrl(source, options);
  try {
    return await importItems(await pathItems(source), options);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    return { imported: [], updated: [], failed: [{ item: source, reason: error.message }] };
  }
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
    [{ item: address, host: hostOf(address), read: () => fetchRecipeDocument(address, allowPrivateHosts) }],
    options
  );
}

/** Imports an uploaded file's text; its name tells the format. */
export function importUpload(fileName: string, text: string, options: ImportOptions = {}): Promise<ImportSummary> {
  return importItems([{ item: fileName, read: async () => ({ text, format: formatOfFile(fileName) }) }], options);
}
