/**
 * `npx tsx bench/catalogue-match.ts`: how long the catalogue takes to match 10,000 distinct recipe lines, a tenth of
 * them misspelt (the import's and the menu input's work per line). Prints the median of 5 runs and lines per second.
 */
import { getCatalogue } from "../app/domain/catalogue-data";
import { distinctRecipeLines } from "../tests/support/recipe-lines";

const catalogue = getCatalogue();
const lines = distinctRecipeLines(catalogue, 10_000);

const times: number[] = [];
let matched = 0;
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  matched = lines.filter((line) => catalogue.match(line) !== null).length;
  times.push(performance.now() - started);
}
const median = times.sort((a, b) => a - b)[2];
console.log(`catalogue match: ${lines.length} lines, ${matched} matched, median ${median.toFixed(0)} ms of 5 runs`);
console.log(
  `  ${Math.round(lines.length / (median / 1000))} lines/s (target: 10,000 lines well under 1 s); load ${(
    await import("node:os")
  )
    .loadavg()[0]
    .toFixed(1)}`
);
