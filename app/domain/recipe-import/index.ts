/** Recipe import parsers: each turns one source format into a RecipeDraft or the reason it cannot. */
export { type ParseResult } from "./draft";
export { cuisinesOf, durationMinutes, occasionsOf, servingsOf } from "./fields";
export { isSeasoning, splitIngredientLine } from "./ingredient-line";
export { fromJsonLd } from "./json-ld";
export { fromMarkdown } from "./markdown";
export { fromRecipeScrapers, isRecipeScrapersShape } from "./recipe-scrapers";
export {
  formatOfContentType,
  formatOfFileName,
  IMPORTABLE_EXTENSIONS,
  parseRecipeDocument,
  type SourceFormat,
} from "./source-format";
