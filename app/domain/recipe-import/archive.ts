/**
 * Zip archives and gzip files from other recipe apps, unpacked within limits (decision 103): the sizes an archive
 * declares are checked before a byte is inflated, and fflate never writes past a declared size, so an archive that
 * lies about its sizes cannot grow past them either. Runs in the import worker (memory cap, time budget).
 */
import { gunzipSync, unzipSync, type UnzipFileInfo } from "fflate";

/** Well above a real export's photos and recipes, well below the worker's memory cap. */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
export const MAX_ARCHIVE_ENTRIES = 2_000;
/** Deflate shrinks recipe text and photos by at most about ten; a bomb by a thousand and more. */
export const MAX_PACKING_RATIO = 100;
/** An export may hold archives (Tandoor: a zip of zips; Paprika: .paprikarecipes in a zip), not archives in those. */
export const MAX_ARCHIVE_DEPTH = 2;

export const ARCHIVE_TOO_LARGE = `the archive unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB`;
export const ARCHIVE_TOO_PACKED = "the archive is packed implausibly tightly (a zip bomb?)";
export const ARCHIVE_TOO_MANY_ENTRIES = `the archive holds more than ${MAX_ARCHIVE_ENTRIES} files`;
export const ARCHIVE_TOO_DEEP = `the archive holds archives nested more than ${MAX_ARCHIVE_DEPTH} deep`;
export const ARCHIVE_UNREADABLE = "the archive could not be read";
export const archiveEscapes = (name: string) => `the archive names a file outside its folder (${name.slice(0, 80)})`;

export class ArchiveError extends Error {}

export interface ArchiveEntry {
  /** the entry's path inside the archive, "/"-separated; inside a nested archive, "outer.zip/inner/path" */
  path: string;
  bytes: Uint8Array;
}

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
export const isGzip = (bytes: Uint8Array) =>
  bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 8;

/** A name that would land outside the folder it is unpacked in: absolute, a drive, or climbing with "..". */
function escapes(name: string): boolean {
  const normalized = name.replace(/\\/g, "/");
  return normalized.startsWith("/") || /^[a-z]:/i.test(normalized) || normalized.split("/").includes("..");
}

/** Files a Mac or an app adds that hold no recipe. */
const JUNK = /(?:^|\/)(?:__MACOSX\/|\.DS_Store$|\._)|\/$/;

/**
 * An entry's name: zips made on a Mac store UTF-8 names without saying so, which fflate reads as Latin-1 ("HaÌhnchen").
 */
function entryName(name: string): string {
  if (!/[\u0080-\u00ff]/.test(name)) return name;
  const utf8 = Buffer.from(name, "latin1").toString("utf8");
  return (utf8.includes("\ufffd") ? name : utf8).normalize("NFC");
}

/** What is left of the archive-wide allowance, shared by nested archives. */
interface Allowance {
  bytes: number;
  entries: number;
}

function unzipWithin(bytes: Uint8Array, prefix: string, depth: number, allowance: Allowance): ArchiveEntry[] {
  if (depth > MAX_ARCHIVE_DEPTH) throw new ArchiveError(ARCHIVE_TOO_DEEP);
  const check = (file: UnzipFileInfo) => {
    if (escapes(file.name)) throw new ArchiveError(archiveEscapes(file.name));
    if (--allowance.entries < 0) throw new ArchiveError(ARCHIVE_TOO_MANY_ENTRIES);
    if (JUNK.test(file.name)) return false;
    allowance.bytes -= file.originalSize;
    if (allowance.bytes < 0) throw new ArchiveError(ARCHIVE_TOO_LARGE);
    if (file.originalSize > 1024 * 1024 && file.originalSize > file.size * MAX_PACKING_RATIO) {
      throw new ArchiveError(ARCHIVE_TOO_PACKED);
    }
    return true;
  };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: check });
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(ARCHIVE_UNREADABLE);
  }
  return Object.entries(files).flatMap(([name, content]) =>
    unpack(content, `${prefix}${entryName(name)}`, depth, allowance)
  );
}

/** A gzip file's content; its declared size is checked first, and inflating stops there. */
function gunzipWithin(bytes: Uint8Array, allowance: Allowance): Uint8Array {
  const declared =
    bytes.length >= 18 ? new DataView(bytes.buffer, bytes.byteOffset).getUint32(bytes.length - 4, true) : 0;
  allowance.bytes -= declared;
  if (allowance.bytes < 0) throw new ArchiveError(ARCHIVE_TOO_LARGE);
  if (declared > 1024 * 1024 && declared > bytes.length * MAX_PACKING_RATIO) throw new ArchiveError(ARCHIVE_TOO_PACKED);
  try {
    return gunzipSync(bytes, { out: new Uint8Array(declared) });
  } catch {
    throw new ArchiveError(ARCHIVE_UNREADABLE);
  }
}

/** An entry as it is, or the entries of the archive it is (a zip is unpacked, a gzip'd file inflated). */
function unpack(bytes: Uint8Array, path: string, depth: number, allowance: Allowance): ArchiveEntry[] {
  if (isZip(bytes)) return unzipWithin(bytes, `${path}/`, depth + 1, allowance);
  if (isGzip(bytes)) {
    if (depth + 1 > MAX_ARCHIVE_DEPTH) throw new ArchiveError(ARCHIVE_TOO_DEEP);
    return unpack(gunzipWithin(bytes, allowance), path, depth + 1, allowance);
  }
  return [{ path, bytes }];
}

/**
 * The files of an uploaded file: the entries of a zip (and of the zips in it), a gzip'd file inflated, anything else
 * as it is. Throws ArchiveError with the reason a cook reads when the archive breaks a limit or cannot be read.
 */
export function unpackFile(name: string, bytes: Uint8Array): ArchiveEntry[] {
  const allowance: Allowance = { bytes: MAX_UNPACKED_BYTES, entries: MAX_ARCHIVE_ENTRIES };
  if (isZip(bytes) || isGzip(bytes)) {
    const entries = unpack(bytes, name, 0, allowance);
    // a zip's entries are named inside it; the outer name is only a prefix
    return isZip(bytes) ? entries.map((entry) => ({ ...entry, path: entry.path.slice(name.length + 1) })) : entries;
  }
  return [{ path: name, bytes }];
}
