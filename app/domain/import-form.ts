/** What the import screen says, apart from its schema (import-form-schema.ts) so that the screen carries no zod. */
export const IMPORT_FILE_TOO_LARGE = "The file must be 15 MB or smaller";
export const IMPORT_FILE_KIND =
  "Choose a recipe file (.json, .html, .md) or another app's export (.zip, .paprikarecipes, .csv, .cook)";
