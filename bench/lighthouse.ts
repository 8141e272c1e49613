/**
 * npm run bench:lighthouse — Lighthouse (mobile settings: a mid-range phone, simulated slow 4G and 4x CPU
 * slowdown) on the main screens of the real server, driving Debian's Chromium headless. The signed-in screens
 * get the session cookie of a cook with ingredients, preferences and a favourite. Each screen is measured
 * --runs times (3 unless told) and the run with the median performance score is reported, as Lighthouse
 * advises for a score that moves with the machine's load. Prints each screen's performance, accessibility and
 * best-practices scores against the targets (95, 100, 100), the metrics behind performance, and the audits
 * that cost accessibility or best-practices points.
 *
 *   npm run bench:lighthouse [-- --runs 5] [-- --only /home,/search] [-- --json tests/.tmp/lighthouse.json]
 *     [-- --trace tests/.tmp/trace.json]   (the last run's Chromium trace, for a paint that comes late)
 *
 * Exits 1 when a screen misses a target.
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { freshSqliteUrl, signIn, startApp } from "./support/app-server";
import { option } from "./support/args";

const APP_PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3304);
const DATABASE = "bench-lighthouse";
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

const RUNS = Number(option("runs") ?? 3);

interface Screen {
  path: string;
  signedIn: boolean;
}

interface ScreenResult {
  path: string;
  scores: Record<Category, number>;
  metrics: string;
  /** accessibility and best-practices audits that cost points, with where */
  findings: string[];
}

function findingsOf(lhr: Result): string[] {
  const findings: string[] = [];
  for (const category of ["accessibility", "best-practices"] as const) {
    for (const reference of lhr.categories[category].auditRefs) {
      const audit = lhr.audits[reference.id];
      if (reference.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const detail = audit.displayValue ? ` (${audit.displayValue})` : "";
      const items = (audit.details as { items?: unknown } | undefined)?.items;
      const where = (
        Array.isArray(items) ? (items as { node?: { snippet?: string }; url?: string; description?: string }[]) : []
      )
        .slice(0, 3)
        .map((item) => item.node?.snippet ?? item.url ?? (item as { issueType?: string }).issueType)
        .filter(Boolean)
        .join(" | ");
      findings.push(`${category}: ${audit.id}${detail}${where ? ` — ${where}` : ""}`);
    }
  }
  return findings;
}

async function main() {
  const databaseUrl = freshSqliteUrl(DATABASE);
  process.env.DATABASE_URL = databaseUrl;
  // Imported after DATABASE_URL is set: the client connects to the database it names at import.
  const { prisma } = await import("~/services/db.server");
  const { addToUserPantry } = await import("~/services/pantry-store.server");
  console.error("Starting the app (build if needed, migrate, seed)...");
  const app = await startApp(APP_PORT, databaseUrl);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const cookie = await signIn(app.origin, "lighthouse_cook");
    const user = await prisma.user.findUniqueOrThrow({ where: { username: "lighthouse_cook" } });
    const recipe = await prisma.recipe.findFirstOrThrow({ orderBy: { id: "asc" } });
    const pantry = ["tomato", "onion", "garlic", "chicken breast", "rice", "egg"];
    await addToUserPantry(user.id, pantry);
    await prisma.favorite.create({ data: { userId: user.id, recipeId: recipe.id } });
    const preferences = await fetch(`${app.origin}/preferences`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: app.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ cuisines: "Italian", mealOccasions: "Dinner" }),
    });
    if (preferences.status !== 302) throw new Error(`Saving preferences answered ${preferences.status}`);

    const screens: Screen[] = [
      { path: "/", signedIn: false },
      { path: "/login", signedIn: false },
      ...[
        "/home",
        "/search",
        "/ingredient-preview",
        "/preferences",
        "/menu-suggestion",
        `/menu-detail/${recipe.id}`,
        "/favorites",
        "/account",
      ].map((path) => ({ path, signedIn: true })),
    ];
    const only = option("only")?.split(",");
    const chosen = only ? screens.filter((screen) => only.some((path) => screen.path.startsWith(path))) : screens;

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    });
    // The session cookie goes in the browser's jar, as a signed-in cook's does, once the guest screens are measured.
    // (Lighthouse's extraHeaders reach the page's own requests only, not the service worker's: a recipe's data
    // fetched through it came back as a guest's.)
    let cookieInBrowser = false;
    const putCookieInBrowser = async () => {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome!.port}` });
      const [name, ...value] = cookie.split(";")[0].split("=");
      await browser.setCookie({ name, value: value.join("="), domain: new URL(app.origin).hostname, path: "/" });
      await browser.disconnect();
      cookieInBrowser = true;
    };
    const results: ScreenResult[] = [];
    const reports: Result[] = [];
    const audit = async (screen: Screen): Promise<Result> => {
      const flags: Flags = {
        port: chrome!.port,
        logLevel: "error",
        output: "json",
        onlyCategories: [...CATEGORIES],
      };
      if (screen.signedIn && !cookieInBrowser) await putCookieInBrowser();
      const runnerResult = await lighthouse(`${app.origin}${screen.path}`, flags);
      if (!runnerResult) throw new Error(`Lighthouse gave no result for ${screen.path}`);
      const { lhr } = runnerResult;
      const traceFile = option("trace");
      if (traceFile) writeFileSync(traceFile, JSON.stringify(runnerResult.artifacts.Trace));
      if (lhr.runtimeError) throw new Error(`${screen.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (new URL(lhr.finalDisplayedUrl).pathname !== screen.path) {
        throw new Error(`${screen.path} ended on ${lhr.finalDisplayedUrl}: the session cookie was not taken`);
      }
      return lhr;
    };
    for (const screen of chosen) {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(screen));
      runs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)];
      reports.push(lhr);
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, Math.round((lhr.categories[category].score ?? 0) * 100)])
      ) as Record<Category, number>;
      const metrics = METRICS.map(([id, label]) => `${label} ${lhr.audits[id].displayValue ?? "?"}`).join(", ");
      results.push({ path: screen.path, scores, metrics, findings: findingsOf(lhr) });
      const performanceRuns = runs.map((run) => Math.round((run.categories.performance.score ?? 0) * 100));
      console.error(
        `  ${screen.path}: ${CATEGORIES.map((category) => scores[category]).join(
          " / "
        )} (performance runs ${performanceRuns.join(", ")})`
      );
    }

    const jsonFile = option("json");
    if (jsonFile) writeFileSync(jsonFile, JSON.stringify(reports));
    const missed = results.filter((result) =>
      CATEGORIES.some((category) => result.scores[category] < TARGETS[category])
    );
    console.log(
      `Lighthouse ${
        reports[0]?.lighthouseVersion
      }, mobile (simulated slow 4G, 4x CPU slowdown), median of ${RUNS} runs, Chromium ${
        reports[0]?.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1]
      }; ` +
        `benchmark index ${reports[0]?.environment.benchmarkIndex.toFixed(0)}; load average ${loadavg()[0].toFixed(
          1
        )} at the end\n`
    );
    console.log("| screen | performance | accessibility | best practices | metrics |");
    console.log("|---|---|---|---|---|");
    for (const { path, scores, metrics } of results) {
      console.log(
        `| ${path} | ${scores.performance} | ${scores.accessibility} | ${scores["best-practices"]} | ${metrics} |`
      );
    }
    const withFindings = results.filter((result) => result.findings.length > 0);
    if (withFindings.length > 0) console.log("\nAccessibility and best-practices audits that cost points:");
    for (const { path, findings } of withFindings) {
      console.log(`  ${path}`);
      for (const finding of findings) console.log(`    ${finding}`);
    }
    console.log(
      `\nTargets (performance ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS["best-practices"]}): ` +
        (missed.length === 0 ? "all met" : `missed on ${missed.map((result) => result.path).join(", ")}`)
    );
    process.exitCode = missed.length === 0 ? 0 : 1;
  } finally {
    await chrome?.kill();
    await app.stop();
    await prisma.$disconnect();
  }
}

await main();
