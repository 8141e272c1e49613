/**
 * The starter cookbook as the ranking index takes it, built offline (no database) the way the store and the
 * index service build it: lines resolved through the catalogue, weighed, staples apart, diet tags computed.
 * Ingredient ids are positions in the catalogue. For unit tests and bench/ranking.ts.
 */
import type { Catalogue, CatalogueIngredient } from "~/domain/catalogue";
import { getCatalogue } from "~/domain/catalogue-data";
import type { RankableRecipe, RankingIngredient } from "~/domain/ranking";
import { rankingIngredients } from "~/domain/ranking-catalogue";
import { analyzeRecipe } from "~/domain/recipe-analysis";
import { readStarterDrafts } from "../../prisma/starter-recipes";

export interface StarterCookbook {
  catalogue: Catalogue;
  recipes: RankableRecipe[];
  ingredients: Map<number, RankingIngredient>;
  idOf(ingredient: CatalogueIngredient): number;
}

export function starterCookbook(): StarterCookbook {
  const catalogue = getCatalogue();
  const ids = new Map(catalogue.ingredients.map((ingredient, index) => [ingredient, index]));
  const idOf = (ingredient: CatalogueIngredient) => ids.get(ingredient)!;
  const ingredients = rankingIngredients(catalogue.ingredients, idOf);
  const recipes = readStarterDrafts().map((draft, index): RankableRecipe => {
    const analysis = analyzeRecipe(draft, catalogue);
    const lines = analysis.lines.filter((line) => line.ingredient !== null);
    const ingredientIds = lines.map((line) => idOf(line.ingredient!));
    return {
      id: index + 1,
      name: draft.name,
      ingredientIds,
      ingredientGrams: lines.map((line) => line.grams),
      keyIngredientIds: lines.filter((line) => !line.ingredient!.isStaple).map((line) => idOf(line.ingredient!)),
      cuisines: draft.cuisines,
      occasions: draft.occasions,
      diets: analysis.diets,
      rating: null,
      minutes: (draft.prepTime ?? 0) + (draft.cookingTime ?? 0),
    };
  });
  return { catalogue, recipes, ingredients, idOf };
}
