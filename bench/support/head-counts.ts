/**
 * What the grocery-head comparisons (decisions 157, 170, 177 and 179) count: top-1 and top-3 of each candidate
 * over all photos and over produce, summed over parts run apart (COUNTS lines), ordered produce first; and the
 * tables they print.
 */
import { readFileSync } from "node:fs";
import { isProduce, type TrainingPhoto } from "~/services/vision/training-features.server";

export interface Counts {
  photos: number;
  top1: number;
  top3: number;
  produce: number;
  produceTop1: number;
  produceTop3: number;
}
export type PartCounts = Record<string, Counts>;

const noCounts = (): Counts => ({ photos: 0, top1: 0, top3: 0, produce: 0, produceTop1: 0, produceTop3: 0 });

/** One photo's ranked guesses counted into `counts`. */
export function countRanked(counts: Counts, photo: TrainingPhoto, ranked: readonly string[]) {
  const right1 = ranked[0] === photo.ingredient ? 1 : 0;
  const right3 = ranked.slice(0, 3).includes(photo.ingredient) ? 1 : 0;
  counts.photos++;
  counts.top1 += right1;
  counts.top3 += right3;
  if (isProduce(photo)) {
    counts.produce++;
    counts.produceTop1 += right1;
    counts.produceTop3 += right3;
  }
}

/** Each candidate's counts over the photos, from each photo's scores per candidate. */
export function countCandidates<T extends { photo: TrainingPhoto }>(
  photos: readonly T[],
  scoresOf: (features: T) => Record<string, Map<string, number>>
): PartCounts {
  const out: PartCounts = {};
  for (const features of photos)
    for (const [name, scores] of Object.entries(scoresOf(features)))
      countRanked(
        (out[name] ??= noCounts()),
        features.photo,
        [...scores].sort((a, b) => b[1] - a[1]).map(([ingredient]) => ingredient)
      );
  return out;
}

export function sumCounts(parts: PartCounts[]): PartCounts {
  const out: PartCounts = {};
  for (const part of parts)
    for (const [name, c] of Object.entries(part)) {
      const sum = (out[name] ??= noCounts());
      for (const key of Object.keys(c) as (keyof Counts)[]) sum[key] += c[key];
    }
  return out;
}

/** Decision 157's order: produce top-1, then produce top-3, then top-1 and top-3 of all photos. */
export function aheadOf(a: Counts, b: Counts): boolean {
  const [x, y] = [a, b].map((c) => [c.produceTop1, c.produceTop3, c.top1, c.top3]);
  const first = x.findIndex((value, index) => value !== y[index]);
  return first >= 0 && x[first] > y[first];
}

/**
 * Candidates' names in decision 157's order of their counts, best first; a full tie keeps them in the order given
 * (the earlier, simpler one first) unless `tie` orders them (a cheaper reading first, say).
 */
export function orderedByCounts(
  counts: PartCounts,
  names: readonly string[] = Object.keys(counts),
  tie: (a: string, b: string) => number = () => 0
): string[] {
  return [...names].sort((a, b) =>
    aheadOf(counts[a], counts[b]) ? -1 : aheadOf(counts[b], counts[a]) ? 1 : tie(a, b)
  );
}

/** The parts printed as `COUNTS {part, counts}` lines in the logs, each part's runs in the order given. */
export function countsOfLogs(logs: readonly string[]): { part: string; counts: unknown }[] {
  return logs.flatMap((log) =>
    readFileSync(log, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("COUNTS "))
      .map((line) => JSON.parse(line.slice(7)) as { part: string; counts: unknown })
  );
}

export const printCounts = (part: string, counts: unknown) => console.log(`COUNTS ${JSON.stringify({ part, counts })}`);

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

/** Each candidate's counts as a markdown table; `msOf`, when given, adds a column of its reading's ms per photo. */
export function printTable(title: string, counts: PartCounts, msOf?: (name: string) => number | undefined) {
  console.log(
    `\n${title}\n\n| candidate |${
      msOf ? " ms per photo |" : ""
    } produce top-1 | produce top-3 | all top-1 | all top-3 |`
  );
  console.log(`|---|${msOf ? "---|" : ""}---|---|---|---|`);
  for (const [name, c] of Object.entries(counts)) {
    const ms = msOf ? ` ${msOf(name)?.toFixed(0) ?? ""} |` : "";
    console.log(
      `| ${name} |${ms} ${pct(c.produceTop1, c.produce)} (${c.produceTop1}/${c.produce}) | ${pct(
        c.produceTop3,
        c.produce
      )} (${c.produceTop3}) | ${pct(c.top1, c.photos)} | ${pct(c.top3, c.photos)} |`
    );
  }
}
