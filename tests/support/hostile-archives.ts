/**
 * Hostile archives a cook's upload may be (decision 103, 133), each beside a good recipe with its photo that must not
 * be saved when the archive is refused: for the integration tests and bench:import-hostile.
 */
import { strToU8, zipSync } from "fflate";
import {
  ARCHIVE_SIZES_FORGED,
  ARCHIVE_TOO_DEEP,
  ARCHIVE_TOO_MANY_ENTRIES,
  ARCHIVE_TOO_PACKED,
  ARCHIVE_ZIP64,
  archiveEscapes,
  MAX_ARCHIVE_ENTRIES,
} from "~/domain/recipe-import/archive";
import { cameraJpeg } from "./images";

export const GOOD_RECIPE_NAME = "Hostile Neighbour Porridge";

/** A Nextcloud Cookbook folder with its photo. */
export async function goodRecipeFiles(): Promise<Record<string, Uint8Array>> {
  return {
    "Porridge/recipe.json": strToU8(
      JSON.stringify({
        "@type": "Recipe",
        name: GOOD_RECIPE_NAME,
        recipeIngredient: ["80 g oats", "300 ml milk"],
        recipeInstructions: ["Simmer the oats in the milk."],
      })
    ),
    "Porridge/full.jpg": await cameraJpeg(64, 48),
  };
}

/** The zip with every entry's uncompressed size rewritten to `claimed`, in its central directory and local header. */
export function withForgedSizes(zip: Uint8Array, claimed: number): Uint8Array {
  const forged = zip.slice();
  const view = new DataView(forged.buffer);
  for (let at = 0; at + 4 <= forged.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, claimed, true);
    if (signature === 0x02014b50) view.setUint32(at + 24, claimed, true);
  }
  return forged;
}

/**
 * The zip marked as ZIP64 the way a ZIP64 writer marks it: a ZIP64 end record and its locator before the end record,
 * whose entry count and directory offset say "see ZIP64" (0xFFFF, 0xFFFFFFFF). fflate reads it as a zip.
 */
export function asZip64(zip: Uint8Array): Uint8Array {
  const end = zip.length - 22;
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryAt = view.getUint32(end + 16, true);
  const out = new Uint8Array(zip.length + 56 + 20);
  out.set(zip.subarray(0, end));
  const record = new DataView(out.buffer, end);
  record.setUint32(0, 0x06064b50, true);
  record.setBigUint64(4, 44n, true);
  record.setUint16(12, 45, true);
  record.setUint16(14, 45, true);
  record.setBigUint64(24, BigInt(count), true);
  record.setBigUint64(32, BigInt(count), true);
  record.setBigUint64(40, BigInt(directorySize), true);
  record.setBigUint64(48, BigInt(directoryAt), true);
  const locator = new DataView(out.buffer, end + 56);
  locator.setUint32(0, 0x07064b50, true);
  locator.setBigUint64(8, BigInt(end), true);
  locator.setUint32(16, 1, true);
  out.set(zip.subarray(end), end + 76);
  const endRecord = new DataView(out.buffer, end + 76);
  endRecord.setUint16(8, 0xffff, true);
  endRecord.setUint16(10, 0xffff, true);
  endRecord.setUint32(16, 0xffffffff, true);
  return out;
}

const manyEntries = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`notes/n${index}.txt`, strToU8("x")]));

export interface HostileArchive {
  name: string;
  zip: Uint8Array<ArrayBuffer>;
  reason: string;
}

/** Each hostile archive, the good recipe inside it, and the reason a cook is shown. */
export async function hostileArchives(): Promise<HostileArchive[]> {
  const good = await goodRecipeFiles();
  const zeros = new Uint8Array(50 * 1024 * 1024);
  const bomb = zipSync({ ...good, "recipes/a.json": zeros }, { level: 9 });
  const nested = [1, 2].reduce(
    (inner, level) => zipSync({ [`l${level}.zip`]: inner }),
    zipSync({ "r.json": good["Porridge/recipe.json"] })
  );
  const archives: { name: string; zip: Uint8Array; reason: string }[] = [
    { name: "a zip bomb (50 MB of zeros)", zip: bomb, reason: ARCHIVE_TOO_PACKED },
    { name: "a zip bomb whose sizes say 1 KB", zip: withForgedSizes(bomb, 1024), reason: ARCHIVE_SIZES_FORGED },
    { name: "a ZIP64 zip bomb whose sizes say 1 KB", zip: asZip64(withForgedSizes(bomb, 1024)), reason: ARCHIVE_ZIP64 },
    {
      name: "a path-traversal zip (../../)",
      zip: zipSync({ ...good, "../../etc/cron.d/recipe.json": strToU8("{}") }),
      reason: archiveEscapes("../../etc/cron.d/recipe.json"),
    },
    {
      name: "an absolute path (/etc/...)",
      zip: zipSync({ ...good, "/etc/cron.d/recipe.json": strToU8("{}") }),
      reason: archiveEscapes("/etc/cron.d/recipe.json"),
    },
    {
      name: `a zip of ${(MAX_ARCHIVE_ENTRIES + 2).toLocaleString("en")} entries`,
      zip: zipSync({ ...good, ...manyEntries(MAX_ARCHIVE_ENTRIES) }, { level: 0 }),
      reason: ARCHIVE_TOO_MANY_ENTRIES,
    },
    {
      name: "a zip of 20,000 entries",
      zip: zipSync({ ...good, ...manyEntries(20_000) }, { level: 0 }),
      reason: ARCHIVE_TOO_MANY_ENTRIES,
    },
    { name: "zips nested 4 deep", zip: zipSync({ ...good, "l3.zip": nested }), reason: ARCHIVE_TOO_DEEP },
  ];
  // as a File or Blob takes them
  return archives.map((archive) => ({ ...archive, zip: new Uint8Array(archive.zip) }));
}
