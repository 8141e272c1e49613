/**
 * Allergy warnings: maps the words people type as allergies ("nuts", "shellfish", "lactose") to the EU
 * allergen groups and checks a recipe's ingredients against them through the catalogue, falling back to
 * the spec's case-insensitive substring match of each allergy against each ingredient name.
 */
import type { AllergenGroup } from "./allergen-groups";
import { nameKey, type Catalogue } from "./catalogue";

const GROUPS_BY_WORD: Record<string, AllergenGroup[]> = {
  nut: ["tree nuts", "peanuts"],
  "tree nut": ["tree nuts"],
  peanut: ["peanuts"],
  groundnut: ["peanuts"],
  shellfish: ["crustaceans", "molluscs"],
  seafood: ["fish", "crustaceans", "molluscs"],
  crustacean: ["crustaceans"],
  shrimp: ["crustaceans"],
  prawn: ["crustaceans"],
  crab: ["crustaceans"],
  lobster: ["crustaceans"],
  mollusc: ["molluscs"],
  mollusk: ["molluscs"],
  clam: ["molluscs"],
  mussel: ["molluscs"],
  oyster: ["molluscs"],
  squid: ["molluscs"],
  scallop: ["molluscs"],
  milk: ["milk"],
  dairy: ["milk"],
  lactose: ["milk"],
  casein: ["milk"],
  gluten: ["gluten"],
  wheat: ["gluten"],
  barley: ["gluten"],
  rye: ["gluten"],
  spelt: ["gluten"],
  celiac: ["gluten"],
  coeliac: ["gluten"],
  soy: ["soybeans"],
  soya: ["soybeans"],
  soybean: ["soybeans"],
  egg: ["eggs"],
  fish: ["fish"],
  sesame: ["sesame"],
  celery: ["celery"],
  mustard: ["mustard"],
  sulphite: ["sulphites"],
  sulfite: ["sulphites"],
  "sulphur dioxide": ["sulphites"],
  "sulfur dioxide": ["sulphites"],
  lupin: ["lupin"],
  lupine: ["lupin"],
};

/** Allergen groups an allergy word stands for ("Nuts" → tree nuts and peanuts); empty when it names none. */
export function allergenGroupsFor(allergy: string): AllergenGroup[] {
  return GROUPS_BY_WORD[nameKey(allergy)] ?? [];
}

export interface AllergyAlert {
  /** the allergy as the user wrote it */
  allergy: string;
  /** the recipe ingredient as the recipe names it */
  ingredient: string;
  /** the allergen group that links them, null when the names themselves match */
  allergen: AllergenGroup | null;
}

export function analyzeAllergies(ingredientNames: string[], allergies: string[], catalogue: Catalogue): AllergyAlert[] {
  const alerts: AllergyAlert[] = [];
  const ingredients = ingredientNames.map((name) => ({ name, entry: catalogue.match(name) }));
  for (const allergy of allergies.map((text) => text.trim()).filter(Boolean)) {
    const groups = allergenGroupsFor(allergy);
    const allergyIngredient = groups.length === 0 ? catalogue.find(allergy) : null;
    const lowerAllergy = allergy.toLowerCase();
    for (const { name, entry } of ingredients) {
      const allergen = entry?.allergens.find((group) => groups.includes(group)) ?? null;
      const sameIngredient = allergyIngredient !== null && entry === allergyIngredient;
      if (allergen || sameIngredient || name.toLowerCase().includes(lowerAllergy)) {
        alerts.push({ allergy, ingredient: name, allergen });
      }
    }
  }
  return alerts;
}

/**
 * The ingredients (of a map by id) an allergy rules out: those in the allergen groups the word stands for
 * ("milk" → butter, cheese, yogurt...), else those whose name contains it ("kiwi" → kiwi). For the ranking,
 * which leaves such recipes out of suggestions.
 */
export function allergyMatches(
  allergy: string,
  ingredients: ReadonlyMap<number, { name: string; allergens?: readonly string[] }>
): number[] {
  const groups: readonly string[] = allergenGroupsFor(allergy);
  const key = nameKey(allergy);
  if (!key) return [];
  const ids: number[] = [];
  for (const [id, ingredient] of ingredients) {
    const matches =
      groups.length > 0
        ? (ingredient.allergens ?? []).some((group) => groups.includes(group))
        : ` ${nameKey(ingredient.name)} `.includes(` ${key} `);
    if (matches) ids.push(id);
  }
  return ids;
}
