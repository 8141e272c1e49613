/** Recipe import parsers: each turns one source format into a RecipeDraft or the reason it cannot. */
export { type ParseResult } from "./draft";
export { cuisinesOf, durationMinutes, occasionsOf, servingsOf } from "./fields";
export { isHeadingLine, isSeasoning, splitIngredientLine } from "./ingredient-line";
export { fromHtmlPage, NO_RECIPE_ON_PAGE } from "./html-page";
export { fromJsonLd } from "./json-ld";
export { fromMicrodata } from "./microdata";
export { LenientJsonError, parseLenientJson } from "./lenient-json";
export { fromMarkdown } from "./markdown";
export { fromRecipeScrapers, isRecipeScrapersShape } from "./recipe-scrapers";
export {
  formatOfContentType,
  formatOfFileName,
  IMPORTABLE_EXTENSIONS,
  isImportableFileName,
  parseRecipeDocument,
  type SourceFormat,
} from "./source-format";
