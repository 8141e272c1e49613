/** The ingredient catalogue as stored in the database (Ingredient + IngredientAlias), loaded once per process. */
import type { AllergenGroup } from "~/domain/allergen-groups";
import { createCatalogue, type Catalogue, type CatalogueIngredient } from "~/domain/catalogue";
import type { IngredientType } from "~/domain/ingredient-types";
import { isStorage } from "~/domain/shelf-life";
import { withTranslations } from "~/domain/ingredient-translations";
import { prisma } from "./db.server";

let loading: Promise<Catalogue> | undefined;
const ingredientIds = new WeakMap<CatalogueIngredient, number>();

async function readCatalogue(): Promise<Catalogue> {
  const rows = await prisma.ingredient.findMany({ include: { aliases: true }, orderBy: { id: "asc" } });
  const ingredients = rows.map((row) => {
    const ingredient: CatalogueIngredient = {
      name: row.name,
      plural: row.plural,
      type: row.type as IngredientType,
      icon: row.icon ?? "",
      caloriesPer100g: row.caloriesPer100g,
      proteinPer100g: row.proteinPer100g,
      fatPer100g: row.fatPer100g,
      carbohydratesPer100g: row.carbohydratesPer100g,
      sodiumMgPer100g: row.sodiumMgPer100g,
      sugarPer100g: row.sugarPer100g,
      co2PerKg: row.co2PerKg,
      allergens: JSON.parse(row.allergens) as AllergenGroup[],
      unitWeights: JSON.parse(row.unitWeights) as Record<string, number>,
      isStaple: row.isStaple,
      aliases: row.aliases.map((alias) => alias.alias),
      shelfLife: {
        fridge: row.fridgeDays,
        freezer: row.freezerDays,
        cupboard: row.cupboardDays,
        opened: row.openedDays,
        storage: isStorage(row.storage) ? row.storage : "fridge",
      },
      parent: row.parent,
    };
    const translated = withTranslations(ingredient);
    ingredientIds.set(translated, row.id);
    return translated;
  });
  return createCatalogue(ingredients);
}

/** The stored catalogue with its matcher, read on first use. */
export function loadCatalogue(): Promise<Catalogue> {
  loading ??= readCatalogue().catch((error) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Makes the next loadCatalogue() read the database again, after the ingredients changed. */
export function forgetCatalogue(): void {
  loading = undefined;
}

/** The Ingredient row id of an ingredient from loadCatalogue(). */
export function ingredientIdOf(ingredient: CatalogueIngredient): number | null {
  return ingredientIds.get(ingredient) ?? null;
}
