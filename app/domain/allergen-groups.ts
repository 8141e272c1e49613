/** The 14 allergen groups that EU law (Regulation 1169/2011, Annex II) requires to be declared. */
export const ALLERGEN_GROUPS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soybeans",
  "milk",
  "tree nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;

export type AllergenGroup = (typeof ALLERGEN_GROUPS)[number];
