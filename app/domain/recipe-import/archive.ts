/**
 * Zip archives and gzip files from other recipe apps, unpacked within limits (decision 103): the sizes an archive
 * declares are checked before a byte is inflated, and inflating an entry stops as soon as it passes its declared
 * size (decision 133), so an archive that lies about its sizes can neither grow past them nor keep the worker busy
 * inflating what it would throw away. Runs in the import worker (memory cap, time budget).
 */
import { gunzipSync, Inflate, type UnzipFileInfo } from "fflate";

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
export const ARCHIVE_SIZES_FORGED = "the archive's files unpack to more than it says (a zip bomb?)";
/** ZIP64 is for archives past 4 GB or 65,535 files, far past MAX_UNPACKED_BYTES and MAX_ARCHIVE_ENTRIES. */
export const ARCHIVE_ZIP64 = "the archive is a ZIP64 archive, made for sizes no recipe export reaches";
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

/** A zip entry as its central directory declares it, and where its data starts. */
interface DirectoryEntry {
  info: UnzipFileInfo;
  dataStart: number;
}

const CENTRAL_END = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const ZIP64_MARK = 0xffffffff;
const UTF8_NAME_FLAG = 0x800;
const ENCRYPTED_FLAG = 0x1;
const unreadable = () => new ArchiveError(ARCHIVE_UNREADABLE);

/** The entries a zip's central directory lists, read without inflating anything; a ZIP64 archive is refused. */
function centralDirectory(bytes: Uint8Array): DirectoryEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === CENTRAL_END) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === ZIP64_MARK) throw new ArchiveError(ARCHIVE_ZIP64);
  const entries: DirectoryEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_ENTRY) throw unreadable();
    const flags = view.getUint16(at + 8, true);
    const size = view.getUint32(at + 20, true);
    const originalSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    if (size === ZIP64_MARK || originalSize === ZIP64_MARK || local === ZIP64_MARK) {
      throw new ArchiveError(ARCHIVE_ZIP64);
    }
    if (flags & ENCRYPTED_FLAG) throw unreadable();
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const name =
      flags & UTF8_NAME_FLAG ? new TextDecoder().decode(nameBytes) : Buffer.from(nameBytes).toString("latin1");
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_ENTRY) throw unreadable();
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (dataStart + size > bytes.length) throw unreadable();
    entries.push({ info: { name, size, originalSize, compression: view.getUint16(at + 10, true) }, dataStart });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** Compressed bytes handed to the inflater at a time: at most about 16 MB come out of one, however tightly packed. */
const INFLATE_CHUNK = 16 * 1024;

/** A deflated entry inflated up to its declared size; one byte more and the archive is refused. */
function inflateWithin(data: Uint8Array, declared: number): Uint8Array {
  const out = new Uint8Array(declared);
  let length = 0;
  const inflater = new Inflate((chunk) => {
    if (length + chunk.length > declared) throw new ArchiveError(ARCHIVE_SIZES_FORGED);
    out.set(chunk, length);
    length += chunk.length;
  });
  try {
    for (let at = 0; at < data.length || at === 0; at += INFLATE_CHUNK) {
      inflater.push(data.subarray(at, at + INFLATE_CHUNK), at + INFLATE_CHUNK >= data.length);
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw unreadable();
  }
  return out.subarray(0, length);
}

/** The content of an entry the checks let through: stored as it is, or deflated within its declared size. */
function entryContent(bytes: Uint8Array, { info, dataStart }: DirectoryEntry): Uint8Array {
  const data = bytes.subarray(dataStart, dataStart + info.size);
  if (info.compression === 0) {
    if (info.size !== info.originalSize) throw unreadable();
    return data.slice();
  }
  if (info.compression === 8) return inflateWithin(data, info.originalSize);
  throw unreadable();
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
  let files: [string, Uint8Array][];
  try {
    files = centralDirectory(bytes)
      .filter(({ info }) => check(info))
      .map((entry) => [entry.info.name, entryContent(bytes, entry)]);
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw unreadable();
  }
  return files.flatMap(([name, content]) => unpack(content, `${prefix}${entryName(name)}`, depth, allowance));
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
