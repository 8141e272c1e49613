import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * GET /sw.js: the service worker the build bundled beside the server (decision 113). Served by the app rather than
 * as a static file: a worker runs under the CSP its script came with, and it needs to fetch the app's own pages
 * (the static files' CSP loads nothing). Never cached by HTTP, so that a new build's worker is found.
 */
let script: Promise<string> | null = null;

export async function loader() {
  script ??= readFile(path.resolve(process.env.BUILD_DIR ?? "build", "sw.js"), "utf8");
  const source = await script.catch(() => {
    script = null;
    return null;
  });
  if (source === null) return new Response("No service worker in this build", { status: 404 });
  return new Response(source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Content-Security-Policy": "default-src 'none'; connect-src 'self'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
