/**
 * Bundles the modules that run in worker threads beside the server build ($BUILD_DIR, default build/), where the
 * server looks for them (decision 081). Run after `remix build` by `npm run build` and by `npm start`'s build step.
 */
import path from "node:path";
import { build } from "esbuild";

await build({
  entryPoints: { "import-parser-worker": "app/services/import-parser.worker.ts" },
  outdir: path.resolve(process.env.BUILD_DIR ?? "build"),
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
