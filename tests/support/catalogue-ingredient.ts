import type { CatalogueIngredient } from "../../app/domain/catalogue";

/** A catalogue ingredient for unit tests: a vegetable with no nutrition figures, named by itself alone. */
export function catalogueIngredient(
  name: string,
  unitWeights: Record<string, number>,
  extra: Partial<CatalogueIngredient> = {}
): CatalogueIngredient {
  return {
    name,
    plural: null,
    type: "Vegetables",
    icon: "",
    caloriesPer100g: null,
    proteinPer100g: null,
    fatPer100g: null,
    carbohydratesPer100g: null,
    sodiumMgPer100g: null,
    sugarPer100g: null,
    co2PerKg: 1,
    allergens: [],
    unitWeights,
    isStaple: false,
    aliases: [name],
    shelfLife: { fridge: 7, freezer: 240, cupboard: 2, opened: null, storage: "fridge" },
    parent: null,
    ...extra,
  };
}
