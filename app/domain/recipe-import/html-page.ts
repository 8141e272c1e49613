/**
 * A recipe web page: its JSON-LD first, then its microdata or RDFa, then a Recipe in its other scripts' data, then
 * its plain markup (an "Ingredients"
 * heading over a list, a "Method" heading over steps); ingredient groups from the page's markup.
 */
import { buildDraft, type ParseResult } from "./draft";
import { appStateRecipe, embeddedRecipe } from "./embedded-json";
import { firstImporting, jsonLdRecipes, NO_JSON_LD } from "./json-ld";
import { fromMicrodata, NO_MICRODATA_RECIPE, parseHtml } from "./microdata";
import { pageTitle, plainHtmlRecipe, plainHtmlSections, type PlainSections } from "./plain-html";
import { fromRecipeNode, type PageFallback } from "./recipe-node";
import { ingredientGroupsOf } from "./ingredient-groups";

export const NO_RECIPE_ON_PAGE =
  "this page has no recipe we can read (we looked for schema.org Recipe data in JSON-LD, microdata and RDFa, " +
  "and for an Ingredients heading over a list)";

export function fromHtmlPage(html: string): ParseResult {
  const tree = parseHtml(html);
  let sections: PlainSections | undefined;
  let embedded: ReturnType<typeof embeddedRecipe> | undefined;
  const scriptRecipe = () => (embedded === undefined ? (embedded = embeddedRecipe(html)) : embedded);
  const plainSections = () => (sections ??= plainHtmlSections(tree));
  const page: PageFallback = {
    scriptRecipe,
    ingredientGroups: ingredientGroupsOf(tree),
    sections: plainSections,
    title: () => pageTitle(tree, plainSections()),
  };
  const jsonLd = jsonLdRecipes(html);
  let failure: string | null = null;
  if ("recipes" in jsonLd) {
    const fromJson = firstImporting(jsonLd.recipes, page);
    if (fromJson.ok) return fromJson;
    failure = fromJson.reason;
  }
  const fromMarkup = fromMicrodata(tree, page);
  if (fromMarkup.ok) return fromMarkup;
  // a page whose JSON-LD Recipe does not import may carry the whole recipe in its script data
  const script = scriptRecipe();
  const fromScript = script ? fromRecipeNode(script, page) : null;
  if (fromScript?.ok) return fromScript;
  if (fromMarkup.reason !== NO_MICRODATA_RECIPE && !failure) return fromMarkup;
  // a schema.org Recipe that does not import (a method run into one overlong step) leaves the page's own markup
  const plain = plainHtmlRecipe(tree, plainSections());
  const fromPlain = plain ? buildDraft(plain) : null;
  if (fromPlain?.ok) return fromPlain;
  // the recipe only in an app's own data (no schema.org type), for want of any other reading
  const app = appStateRecipe(html);
  const fromApp = app ? fromRecipeNode(app, page) : null;
  if (fromApp?.ok) return fromApp;
  if (fromPlain && !failure) return fromPlain;
  if (failure) return { ok: false, reason: failure };
  return {
    ok: false,
    reason:
      "reason" in jsonLd && jsonLd.reason !== NO_JSON_LD ? `${NO_RECIPE_ON_PAGE}; ${jsonLd.reason}` : NO_RECIPE_ON_PAGE,
  };
}
