/** What the import screen says, apart from its schema (import-form-schema.ts) so that the screen carries no zod. */
export const IMPORT_FILE_TOO_LARGE = "The file must be 5 MB or smaller";
