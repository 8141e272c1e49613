/** The catalogue built from prisma/data/ingredients.json, created on first use and shared after that. */
import ingredients from "../../prisma/data/ingredients.json";
import { createCatalogue, type Catalogue, type CatalogueIngredient } from "./catalogue";
import { withTranslations } from "./ingredient-translations";

let catalogue: Catalogue | undefined;

export function getCatalogue(): Catalogue {
  catalogue ??= createCatalogue((ingredients as CatalogueIngredient[]).map(withTranslations));
  return catalogue;
}
