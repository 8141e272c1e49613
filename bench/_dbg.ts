import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parseRecipeDocument } from "~/domain/recipe-import";
const dir = "/work/shared/data/recipes/recipe-pages";
for (const f of process.argv.slice(2)) {
  const html = gunzipSync(readFileSync(`${dir}/${f}.html.gz`)).toString("utf8");
  const e = JSON.parse(readFileSync(`${dir}/${f}.json`, "utf8"));
  const r = parseRecipeDocument(html, "html");
  console.log("==", f);
  if (!r.ok) { console.log("FAIL", r.reason); continue; }
  const d = r.draft;
  console.log("title", d.name, "|", e.title);
  console.log("time", d.prepTime, d.cookingTime, d.totalTime, "| exp", e.prep_time, e.cook_time, e.total_time, "yield", d.servings, "|", e.yields);
  const n = Math.max(d.ingredients.length, e.ingredients.length);
  for (let i = 0; i < n; i++) { const l = d.ingredients[i]; console.log("  I", l ? `[${l.quantity}] [${l.name}] [${l.note ?? ""}] {${l.section ?? ""}}` : "-", "|", e.ingredients[i]); }
  const s = d.steps.map((x, i) => `${d.stepSections?.[i] ? "{" + d.stepSections[i] + "} " : ""}${x.slice(0, 60)}`);
  for (let i = 0; i < Math.max(s.length, e.instructions_list.length); i++) console.log("  S", s[i], "|", e.instructions_list[i]?.slice(0, 60));
}
