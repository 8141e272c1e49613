import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchIngredients } from "~/domain/ingredient-search";
import { loadCatalogue } from "~/services/catalogue.server";

/** GET /api/ingredient-suggestions?q=tom: the search box's dropdown (catalogue names, synonyms, typos). */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const suggestions = searchIngredients(await loadCatalogue(), query);
  return Response.json({ query, suggestions }, { headers: { "Cache-Control": "private, max-age=300" } });
}
