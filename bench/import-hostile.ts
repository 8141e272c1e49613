/**
 * npm run bench:import-hostile: how long a hostile archive uploaded on /import takes to be refused, end to end (the
 * signed-in POST read, the archive handed to the import worker, unpacked within its limits, the refusal answered),
 * beside the time the archive reader alone takes (in this process). Each archive also holds a good recipe with its
 * photo, which must not be saved: the bench counts the recipes and stored files each run left (0 and 0). Also the
 * longest the event loop waited meanwhile (a request arriving during the refusal waits that long).
 * Throwaway SQLite database and upload folder; median and slowest of ROUNDS runs (default 5), after one warm-up.
 *
 *   npm run bench:import-hostile [-- rounds]
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { hostileArchives } from "../tests/support/hostile-archives";
import { percentile } from "./support/stats";

const ROUNDS = Number(process.argv[2] ?? 5);
const workDir = mkdtempSync(path.join(tmpdir(), "import-hostile-"));
process.env.DATABASE_URL = `file:${path.join(workDir, "bench.db")}`;
process.env.UPLOADS_DIR = path.join(workDir, "uploads");
process.env.SESSION_SECRET ??= "bench-session-secret-that-is-long-enough-0123456789";

const { applyMigrations, prisma } = await import("~/services/db.server");
const { createUserSession } = await import("~/services/sign-in.server");
const { action: importAction } = await import("~/routes/import");
const { readExportFile } = await import("~/domain/recipe-import/apps/export-file");
const { seedIngredients } = await import("../prisma/seed");

const hostile = await hostileArchives();

const median = (times: number[]) => percentile(times, 0.5);
const storedFiles = () => {
  try {
    return readdirSync(process.env.UPLOADS_DIR!, { recursive: true }).length;
  } catch {
    return 0;
  }
};

async function signedInCookie(username: string): Promise<string> {
  const user = await prisma.user.create({ data: { username, email: `${username}@example.com` } });
  const setCookie = await createUserSession(new Request("http://localhost:3000/login"), user.id);
  return setCookie.split(";")[0];
}

async function upload(bytes: Uint8Array<ArrayBuffer>, cookie: string): Promise<{ status: number; reason: string }> {
  const body = new FormData();
  body.set("file", new File([bytes], "export.zip", { type: "application/zip" }));
  const request = new Request("http://localhost:3000/import", {
    method: "POST",
    body,
    headers: { Origin: "http://localhost:3000", Cookie: cookie },
  });
  let response: Response;
  try {
    const answer = await importAction({ request, params: {}, context: {} });
    response = answer instanceof Response ? answer : Response.json((answer as { data?: unknown }).data ?? answer);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const json = (await response.json().catch(() => ({}))) as {
    summary?: { failed: { reason: string }[]; imported: unknown[] };
  };
  const reason = json.summary?.imported.length
    ? "NOT REFUSED: imported"
    : json.summary?.failed.map((failure) => failure.reason).join("; ") ?? `status ${response.status}`;
  return { status: response.status, reason };
}

try {
  await applyMigrations();
  await seedIngredients();
  console.log(`load ${(await import("node:os")).loadavg()[0].toFixed(2)}, ${ROUNDS} rounds each`);
  console.log(
    "\n| hostile archive | zip bytes | refused on /import, ms (median / slowest) | reader alone, ms | event loop's longest wait, ms | recipes / files written | reason |"
  );
  console.log("|---|---|---|---|---|---|---|");
  let user = 0;
  // warm-up, not counted: the worker's first start, the routes' first import
  await upload(hostile[hostile.length - 1].zip, await signedInCookie(`hostile${user++}`));
  for (const { name, zip: bytes, reason: expected } of hostile) {
    const times: number[] = [];
    const readerTimes: number[] = [];
    let reason = "";
    let worstWait = 0;
    const recipesBefore = await prisma.recipe.count();
    const filesBefore = storedFiles();
    for (let round = 0; round < ROUNDS; round++) {
      // a cook's 20 imports an hour are counted per cook: each run is a fresh cook's
      const cookie = await signedInCookie(`hostile${user++}`);
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const started = performance.now();
      const answer = await upload(bytes, cookie);
      times.push(performance.now() - started);
      delay.disable();
      worstWait = Math.max(worstWait, delay.max / 1e6);
      reason = answer.status === 200 ? answer.reason : `status ${answer.status}: ${answer.reason}`;
      const readStarted = performance.now();
      readExportFile("export.zip", bytes);
      readerTimes.push(performance.now() - readStarted);
    }
    const written = `${(await prisma.recipe.count()) - recipesBefore} / ${storedFiles() - filesBefore}`;
    if (reason !== expected) reason = `UNEXPECTED: ${reason}`;
    console.log(
      `| ${name} | ${bytes.length.toLocaleString("en")} | ${median(times).toFixed(0)} / ${Math.max(...times).toFixed(
        0
      )} | ${median(readerTimes).toFixed(1)} | ${worstWait.toFixed(0)} | ${written} | ${reason} |`
    );
  }
} finally {
  await prisma.$disconnect();
  rmSync(workDir, { recursive: true, force: true });
}
