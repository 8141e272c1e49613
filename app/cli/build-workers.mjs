/**
 * Bundles the modules that run in worker threads beside the server build ($BUILD_DIR, default build/), where the
 * server looks for them (decision 081), and the browser's service worker (decision 113) into $BUILD_DIR/sw.js,
 * with the first-load files of the screens it keeps offline. Run after `remix build` by `npm run build` and by
 * `npm start`'s build step.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const buildDirectory = path.resolve(process.env.BUILD_DIR ?? "build");
const assetsDirectory = process.env.BUILD_DIR ? path.join(buildDirectory, "assets") : path.resolve("public/build");

await build({
  entryPoints: { "import-parser-worker": "app/services/import-parser.worker.ts" },
  outdir: buildDirectory,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  tsconfig: "tsconfig.json",
  // A CommonJS package bundled into ESM requires Node builtins (yaml requires "process") through `require`, which
  // an ES module lacks: it is given one.
  banner: {
    js: 'import { createRequire as workerRequire } from "node:module"; const require = workerRequire(import.meta.url);',
  },
  logLevel: "warning",
});

/** The Remix browser manifest this build wrote (its URL is in the server build). */
function readRemixManifest() {
  const server = readFileSync(path.join(buildDirectory, "index.js"), "utf8");
  const url = /url: *"(\/build\/manifest-[A-Za-z0-9]+\.js)"/.exec(server)?.[1];
  if (!url) throw new Error("No browser manifest in the server build: run `remix build` first.");
  const source = readFileSync(path.join(assetsDirectory, url.replace(/^\/build\//, "")), "utf8");
  return { url, manifest: JSON.parse(source.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) };
}

/** The Remix routes whose first-load files the service worker stores on install, so those screens run offline. */
const OFFLINE_ROUTE_IDS = [
  "root",
  "routes/shoppinglist",
  "routes/ingredient-preview",
  "routes/pantry",
  "routes/menu-detail.$id",
];

/** The files the screens kept offline load first: the entry, each route's module, its chunks and its CSS. */
function precacheEntries() {
  const { url, manifest } = readRemixManifest();
  const urls = new Set([url, manifest.entry.module, ...manifest.entry.imports]);
  for (const id of OFFLINE_ROUTE_IDS) {
    const route = manifest.routes[id];
    if (!route) continue;
    for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) urls.add(file);
  }
  const stable = ["/manifest.webmanifest", "/favicon.svg", "/app-icons/icon-192.png", "/app-icons/icon-512.png"];
  // hashed names need no revision; the few stable names get the build's manifest name as theirs
  return [
    ...[...urls].map((file) => ({ url: file, revision: null })),
    ...stable.map((file) => ({ url: file, revision: url })),
  ];
}

await build({
  entryPoints: { sw: "app/service-worker/sw.ts" },
  outdir: buildDirectory,
  bundle: true,
  minify: true,
  platform: "browser",
  format: "iife",
  target: "es2020",
  tsconfig: "tsconfig.json",
  define: {
    PRECACHE_ENTRIES: JSON.stringify(precacheEntries()),
    // Workbox's logging is for development builds only
    "process.env.NODE_ENV": '"production"',
  },
  logLevel: "warning",
});
