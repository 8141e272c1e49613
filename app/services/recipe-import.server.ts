/**
 * Imports recipes from a file, a folder (recursively: .json, .html, .md), an uploaded file or a web page,
 * saving each through saveRecipe. Re-importing a recipe updates it (recipes are keyed by name).
 * Web pages are fetched only over http(s) from public addresses, with redirect, time and size limits.
 */
import { lookup, type LookupAddress } from "node:dns";
import { readdir, readFile, stat } from "node:fs/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import path from "node:path";
import {
  formatOfContentType,
  formatOfFileName,
  parseRecipeDocument,
  type SourceFormat,
} from "~/domain/recipe-import";
import { MAX_IMAGE_BYTES } from "~/domain/image-upload";
import { deleteUnusedDishPhotos, storedDishPhotoOf } from "./dish-photo-use.server";
import { imageUrl, storeImage } from "./images.server";
import { RecipeRejectedError, saveRecipe } from "./recipe-store.server";

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

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
}

/** A failure whose message is meant for the person importing. */
class ImportError extends Error {}

/** RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS=true lets tests import from a server on this machine. */
function privateHostsAllowedByEnv(): boolean {
  return process.env.RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS === "true";
}

// ---------- addresses ----------

const PRIVATE_IPV4_RANGES: [string, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
];

function ipv4Number(address: string): number {
  return address.split(".").reduce((total, part) => total * 256 + Number(part), 0);
}

function isPrivateIpv4(address: string): boolean {
  const value = ipv4Number(address);
  return PRIVATE_IPV4_RANGES.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(value / size) === Math.floor(ipv4Number(base) / size);
  });
}

/** The eight 16-bit groups of an IPv6 address, with an embedded dotted IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%[\s\S]*$/, "");
  const dotted = text.match(/(?<![\d.])(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const value = ipv4Number(dotted[1]);
    text = text.replace(dotted[1], `${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`);
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = parse(tail);
  return tail === undefined ? start : [...start, ...Array(8 - start.length - end.length).fill(0), ...end];
}

function embeddedIpv4(high: number, low: number): string {
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

function isPrivateIpv6(address: string): boolean {
  const groups = ipv6Groups(address);
  const allZeroBefore = (count: number) => groups.slice(0, count).every((group) => group === 0);
  // IPv4-compatible, which takes in :: and ::1 (both fall in 0.0.0.0/8)
  if (allZeroBefore(6)) return isPrivateIpv4(embeddedIpv4(groups[6], groups[7]));
  if (allZeroBefore(5) && groups[5] === 0xffff) return isPrivateIpv4(embeddedIpv4(groups[6], groups[7])); // IPv4-mapped
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return isPrivateIpv4(embeddedIpv4(groups[6], groups[7])); // NAT64
  if (groups[0] === 0x2002) return isPrivateIpv4(embeddedIpv4(groups[1], groups[2])); // 6to4
  return (
    (groups[0] & 0xfe00) === 0xfc00 || // unique local
    (groups[0] & 0xffc0) === 0xfe80 || // link-local
    (groups[0] & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (groups[0] & 0xff00) === 0xff00 // multicast
  );
}

/** Loopback, private, link-local, CGNAT, multicast, unspecified and IPv6 unique-local/link-local addresses. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return isPrivateIpv4(address);
  if (version === 6) return isPrivateIpv6(address);
  return true;
}

function refusal(address: string): ImportError {
  return new ImportError(`refused: ${address} is a private or local address`);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup for http(s).request that refuses names resolving to a private address (checked at connect time). */
function guardedLookup(allowPrivateHosts: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const blocked = addresses.find((entry) => isPrivateAddress(entry.address));
      if (blocked && !allowPrivateHosts) return callback(refusal(`${hostname} (${blocked.address})`), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

// ---------- fetching ----------

function checkUrl(url: URL, allowPrivateHosts: boolean): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ImportError("only http and https URLs can be imported");
  if (url.username || url.password) throw new ImportError("URLs with credentials are not imported");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && isPrivateAddress(host) && !allowPrivateHosts) throw refusal(host);
}

function get(url: URL, allowPrivateHosts: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: guardedLookup(allowPrivateHosts),
        signal,
        headers: { Accept: "text/html, application/ld+json, application/json", "User-Agent": "RecipeHelper-Import/1.0" },
      },
      resolve,
    );
    request.on("error", reject);
  });
}

/** The body; refused, without reading on, once the declared or received size passes `limit`. */
async function readBody(response: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () => {
    response.destroy();
    const what = limit === MAX_DOCUMENT_BYTES ? "page" : "photo";
    return new ImportError(`the ${what} is larger than ${limit / 1024 / 1024} MB`);
  };
  if (Number(response.headers["content-length"] ?? 0) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function fetchFailure(error: unknown): ImportError {
  if (error instanceof ImportError) return error;
  const { name, code, cause } = error as { name?: string; code?: string; cause?: unknown };
  if (cause instanceof ImportError) return cause;
  if (name === "AbortError" || name === "TimeoutError") return new ImportError("the page did not answer within 10 seconds");
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return new ImportError("the host name could not be resolved");
  if (code === "ECONNREFUSED") return new ImportError("the server refused the connection");
  return new ImportError(`the page could not be fetched (${code ?? (error as Error).message})`);
}

/** GETs a URL: http(s) only, public addresses only, at most 3 redirects; the final response (200) and its URL. */
async function fetchOk(
  address: string,
  allowPrivateHosts: boolean,
  signal: AbortSignal,
): Promise<{ response: IncomingMessage; url: URL }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ImportError("not a valid URL");
  }
  for (let redirects = 0; ; redirects++) {
    checkUrl(url, allowPrivateHosts);
    const response = await get(url, allowPrivateHosts, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new ImportError(`more than ${MAX_REDIRECTS} redirects`);
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new ImportError(`the server answered HTTP ${status}`);
    }
    return { response, url };
  }
}

/** GETs a recipe page: http(s) only, public addresses only, at most 3 redirects, 10 s and 5 MB. */
async function fetchRecipeDocument(address: string, allowPrivateHosts: boolean): Promise<Document> {
  try {
    const { response, url } = await fetchOk(address, allowPrivateHosts, AbortSignal.timeout(FETCH_TIMEOUT_MS));
    const format = formatOfContentType(response.headers["content-type"] ?? "");
    if (!format) {
      response.resume();
      const type = response.headers["content-type"] ?? "(none)";
      throw new ImportError(`unsupported content type ${type}; expected HTML or JSON`);
    }
    return { text: (await readBody(response, MAX_DOCUMENT_BYTES)).toString("utf8"), format, sourceUrl: url.toString() };
  } catch (error) {
    throw fetchFailure(error);
  }
}

/**
 * The recipe page's own photo, downloaded once (same address rules, 10 s, the upload size limit) and stored
 * like an uploaded dish photo: checked, re-encoded, kept with its narrower copies. Null when it cannot be had;
 * the recipe then shows its generated illustration.
 */
async function importedPhoto(address: unknown, allowPrivateHosts: boolean): Promise<string | null> {
  if (typeof address !== "string" || !/^https?:\/\//i.test(address)) return null;
  try {
    const { response } = await fetchOk(address, allowPrivateHosts, AbortSignal.timeout(FETCH_TIMEOUT_MS));
    const bytes = await readBody(response, MAX_IMAGE_BYTES);
    return imageUrl(await storeImage("dishes", new Blob([new Uint8Array(bytes)])));
  } catch {
    return null;
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
      }),
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

async function saveDocument(document: Document, options: ImportOptions): Promise<{ id: number; name: string; created: boolean }> {
  const parsed = parseRecipeDocument(document.text, document.format);
  if (!parsed.ok) throw new ImportError(parsed.reason);
  const draft = { ...parsed.draft, importedById: options.userId ?? null, shared: options.shared ?? false, sourceUrl: parsed.draft.sourceUrl ?? document.sourceUrl ?? null };
  // A fetched page's photo is kept here: browsers are not sent to other sites for it.
  if (document.sourceUrl) draft.image = await importedPhoto(parsed.draft.image, allowedPrivateHosts(options));
  // Checked in the saving transaction, so a recipe created meanwhile under that name is not replaced either.
  const saved = await saveRecipe(draft, {
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
  for (const [index, { item, read }] of items.entries()) {
    try {
      const saved = await saveDocument(await read(), options);
      (saved.created ? summary.imported : summary.updated).push({ item, id: saved.id, name: saved.name });
    } catch (error) {
      const reason = error instanceof ImportError || error instanceof RecipeRejectedError ? error.message : `unexpected error: ${(error as Error).message}`;
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

/** Imports the recipe page at a URL; never reads local files, whatever the text. */
export function importUrl(address: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const allowPrivateHosts = allowedPrivateHosts(options);
  return importItems([{ item: address, read: () => fetchRecipeDocument(address, allowPrivateHosts) }], options);
}

/** Imports an uploaded file's text; its name tells the format. */
export function importUpload(fileName: string, text: string, options: ImportOptions = {}): Promise<ImportSummary> {
  return importItems([{ item: fileName, read: async () => ({ text, format: formatOfFile(fileName) }) }], options);
}
