/**
 * npm run bench:bundle — JavaScript each screen sends on a first load, gzipped (level 9, as a server or CDN
 * would), from the production build in ./build and ./public/build (run `npm run build` first), or in $BUILD_DIR
 * when that is set (remix.config.js then puts the server in $BUILD_DIR/index.js and the assets in $BUILD_DIR/assets).
 * Code a screen loads later with import() (Home's chart) is not part of the first load.
 * First load = entry + every route module on the screen's branch (root → layout → screen) + their shared chunks.
 * Beside the size: how many files that is (each one a request), and how many of them are the empty stubs esbuild
 * leaves for a `*.server` module a route imports (decision 069).
 *
 * Each screen is printed beside its figure in bench/bundle-baseline.json (committed); a screen more than
 * TOLERANCE_KB above it, or missing from it, is marked and the run exits 1. After a deliberate change:
 *   npm run bench:bundle -- --write-baseline
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

const HOME_BUDGET_KB = 120;
const TOLERANCE_KB = 1;
const BASELINE_FILE = path.join("bench", "bundle-baseline.json");
const BUILD_DIRECTORY = process.env.BUILD_DIR;
const SERVER_BUILD = path.join(BUILD_DIRECTORY ?? "build", "index.js");
const ASSETS_DIRECTORY = BUILD_DIRECTORY ? path.join(BUILD_DIRECTORY, "assets") : path.join("public", "build");

/** The file behind an asset URL (/build/...). */
const assetFile = (url: string) => path.join(ASSETS_DIRECTORY, url.replace(/^\/build\//, ""));

function readManifest(): Manifest {
  const server = readFileSync(SERVER_BUILD, "utf8");
  const url = /url: *"(\/build\/manifest-[A-Z0-9]+\.js)"/.exec(server)?.[1];
  if (!url) throw new Error(`No manifest URL in ${SERVER_BUILD}: run \`npm run build\` first.`);
  const source = readFileSync(assetFile(url), "utf8");
  return JSON.parse(source.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

const gzippedBytes = new Map<string, number>();
function gzipped(url: string): number {
  let bytes = gzippedBytes.get(url);
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(assetFile(url)), { level: 9 }).length;
    gzippedBytes.set(url, bytes);
  }
  return bytes;
}

function branchOf(manifest: Manifest, routeId: string): ManifestRoute[] {
  const branch: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route; ) {
    branch.unshift(route);
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  return branch;
}

function urlOf(manifest: Manifest, routeId: string): string {
  const parts = branchOf(manifest, routeId)
    .map((route) => route.path ?? "")
    .filter(Boolean);
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

function firstLoadFiles(manifest: Manifest, routeId: string): string[] {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of branchOf(manifest, routeId)) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

const firstLoadKb = (files: readonly string[]) => files.reduce((sum, file) => sum + gzipped(file), 0) / 1024;

/** A chunk that only defines an empty CommonJS module: what a `*.server` import becomes in the browser build. */
const EMPTY_STUB =
  /^import\{\w+ as \w+\}from"[^"]+";var \w+=\w+\(\(\w+,\w+\)=>\{\w+\.exports=\{\}\}\);export\{\w+ as \w+\};$/;
const isEmptyStub = (url: string) => EMPTY_STUB.test(readFileSync(assetFile(url), "utf8").trim());

/** Screens are leaf routes with a component; resource routes (JSON calls, images) send no JavaScript. */
const hasComponent = (route: ManifestRoute) => /as default\b/.test(readFileSync(assetFile(route.module), "utf8"));

const manifest = readManifest();
const screens = Object.values(manifest.routes).filter(
  (route) =>
    route.id !== "root" &&
    !Object.values(manifest.routes).some((other) => other.parentId === route.id) &&
    hasComponent(route)
);
const rows = screens
  .map((route) => {
    const files = firstLoadFiles(manifest, route.id);
    return {
      route: urlOf(manifest, route.id),
      kb: Number(firstLoadKb(files).toFixed(1)),
      files: files.length,
      stubs: files.filter(isEmptyStub).length,
    };
  })
  .sort((a, b) => b.kb - a.kb);

if (process.argv.includes("--write-baseline")) {
  const baseline = Object.fromEntries(
    [...rows].sort((a, b) => a.route.localeCompare(b.route)).map(({ route, kb }) => [route, kb])
  );
  writeFileSync(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`Wrote ${BASELINE_FILE} (${rows.length} screens).`);
}
const baseline: Record<string, number> = existsSync(BASELINE_FILE)
  ? JSON.parse(readFileSync(BASELINE_FILE, "utf8"))
  : {};

console.log(`First-load JavaScript per screen, gzipped, beside ${BASELINE_FILE}:`);
console.log(
  `  ${"screen".padEnd(28)} ${"baseline".padStart(9)} ${"now".padStart(9)} ${"change".padStart(
    8
  )} ${"files (empty stubs)".padStart(20)}`
);
const regressions: string[] = [];
for (const { route, kb, files, stubs } of rows) {
  const before = baseline[route];
  const change = before === undefined ? null : kb - before;
  const regressed = change === null || change > TOLERANCE_KB;
  if (regressed) regressions.push(route);
  const mark = change === null ? "  NEW (not in the baseline)" : regressed ? "  OVER THE BASELINE" : "";
  console.log(
    `  ${route.padEnd(28)} ${(before === undefined ? "-" : `${before.toFixed(1)} KB`).padStart(9)} ${`${kb.toFixed(
      1
    )} KB`.padStart(9)} ${(change === null ? "" : `${change >= 0 ? "+" : ""}${change.toFixed(1)}`).padStart(
      8
    )} ${`${files} (${stubs})`.padStart(20)}${mark}`
  );
}
const gone = Object.keys(baseline).filter((route) => !rows.some((row) => row.route === route));
if (gone.length > 0) console.log(`  (in the baseline, no longer screens: ${gone.join(", ")})`);
const home = firstLoadKb(firstLoadFiles(manifest, "routes/_tabs.home"));
const homeOver = home > HOME_BUDGET_KB;
console.log(`\nHome: ${home.toFixed(1)} KB (budget ${HOME_BUDGET_KB} KB) ${homeOver ? "OVER BUDGET" : "OK"}`);
console.log(
  regressions.length === 0
    ? `Every screen within ${TOLERANCE_KB} KB of its baseline.`
    : `Over the baseline by more than ${TOLERANCE_KB} KB, or new: ${regressions.join(
        ", "
      )} (if deliberate: --write-baseline).`
);
process.exitCode = regressions.length > 0 || homeOver ? 1 : 0;
