/**
 * /my-recipes (the cook's recipes: search, pages, share or make private, delete after a confirmation drawn by the
 * server) and /my-recipes/:id (the edit form, multipart with an optional picture). Plain forms answered with a
 * redirect and a flash, or the form's errors; the route modules import only this server module (decision 069).
 * Only the recipe's owner reaches it: anyone else gets a 404, as for a recipe that does not exist.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { MAX_SEARCH_LENGTH, MY_RECIPE_MESSAGES } from "~/domain/my-recipe-messages";
import { MyRecipeSchema } from "~/domain/my-recipe-schema";
import { ingredientsFrom, ingredientsText, stepsFrom, stepsText } from "~/domain/my-recipes";
import { parseId } from "~/domain/ids";
import { loadCatalogue } from "./catalogue.server";
import { deleteUnusedDishPhotos, storedDishPhotoOf } from "./dish-photo-use.server";
import { imageUrl, readImageFormOrRefusal, storeImage, UploadRejectedError } from "./images.server";
import {
  deleteMyRecipe,
  findMyRecipe,
  listMyRecipes,
  setMyRecipeShared,
  updateMyRecipe,
  type MyRecipe,
} from "./my-recipes.server";
import { EVERYONE } from "./recipe-access.server";
import { RecipeNameTakenError, RecipeRejectedError } from "./recipe-store.server";
import { readForm } from "./request.server";
import { redirectWithFlash, requireUserId } from "./session.server";

const SCREEN = "/my-recipes";

const notFound = () => new Response(MY_RECIPE_MESSAGES.notFound, { status: 404 });

/**
 * The list's address with the search and page read from an address (the list's own, or the one a form posted
 * to), for coming back to it after a change. `page`: the page the list has, when known.
 */
function listAddress(address: URLSearchParams, page: number | null = parseId(address.get("page"))): string {
  const search = searchOf(address.get("q"));
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${SCREEN}?${query}` : SCREEN;
}

const searchOf = (value: string | null) => (value ?? "").trim().slice(0, MAX_SEARCH_LENGTH);

export async function myRecipesScreen(request: Request) {
  const userId = await requireUserId(request);
  const params = new URL(request.url).searchParams;
  const search = searchOf(params.get("q"));
  const list = await listMyRecipes(userId, search, params.get("page"));
  // Without JavaScript as with it, "Delete" leads here first: the confirmation, for the cook's own recipe only.
  const deleteId = parseId(params.get("delete"));
  const toDelete = deleteId ? await findMyRecipe(userId, deleteId) : null;
  return {
    ...list,
    search,
    confirmDelete: toDelete ? { id: toDelete.id, name: toDelete.name } : null,
    back: listAddress(params, list.page),
  };
}

/** The list's posts (to the list's address): intent share, private or delete, with the recipe's id. */
export async function changeMyRecipes(request: Request) {
  const userId = await requireUserId(request);
  const formData = await readForm(request);
  const recipeId = parseId(String(formData.get("id") ?? ""));
  const back = listAddress(new URL(request.url).searchParams);
  const say = (ok: boolean, message: string) => redirectWithFlash(back, { type: ok ? "success" : "error", message });
  if (recipeId === null) return say(false, MY_RECIPE_MESSAGES.notFound);
  const intent = formData.get("intent");
  if (intent === "delete") {
    const deleted = await deleteMyRecipe(userId, recipeId);
    return deleted ? say(true, MY_RECIPE_MESSAGES.deleted(deleted.name)) : say(false, MY_RECIPE_MESSAGES.notFound);
  }
  if (intent !== "share" && intent !== "private") return say(false, MY_RECIPE_MESSAGES.notFound);
  const outcome = await setMyRecipeShared(userId, recipeId, intent === "share");
  if (outcome.ok) return say(true, MY_RECIPE_MESSAGES[intent === "share" ? "shared" : "private"](outcome.name));
  if (outcome.reason === "not-found") return say(false, MY_RECIPE_MESSAGES.notFound);
  return say(false, MY_RECIPE_MESSAGES[intent === "share" ? "nameTakenShared" : "nameTakenPrivate"](outcome.name));
}

/** What the edit form starts from. */
function formValues(recipe: MyRecipe) {
  const text = (value: number | null) => (value == null ? "" : String(value));
  return {
    name: recipe.name,
    prepTime: text(recipe.prepTime),
    cookingTime: text(recipe.cookingTime),
    totalTime: text(recipe.totalTime),
    servings: text(recipe.servings),
    ingredients: ingredientsText(recipe.ingredients),
    steps: stepsText(recipe.steps),
  };
}

async function requireMyRecipe(request: Request, idParam: string | undefined) {
  const userId = await requireUserId(request);
  const recipeId = parseId(idParam);
  const recipe = recipeId ? await findMyRecipe(userId, recipeId) : null;
  if (!recipe) throw notFound();
  return recipe;
}

export async function myRecipeEditScreen(request: Request, idParam: string | undefined) {
  const recipe = await requireMyRecipe(request, idParam);
  const ownPicture = storedDishPhotoOf(recipe.image) !== null;
  return {
    recipe: { id: recipe.id, shared: recipe.visibleTo === EVERYONE, image: recipe.image, ownPicture },
    values: formValues(recipe),
  };
}

type EditFailure = { status: number; field?: string; message: string };

/** Saves the edit form; on a refusal the form comes back with what the cook wrote and why. */
export async function saveMyRecipeEdit(request: Request, idParam: string | undefined) {
  const recipe = await requireMyRecipe(request, idParam);
  const read = await readImageFormOrRefusal(request);
  if (!read.ok) {
    const empty = parseWithZod(new FormData(), { schema: MyRecipeSchema });
    return data({ result: empty.reply({ formErrors: [read.message] }) }, { status: read.status });
  }
  const submission = parseWithZod(read.formData, { schema: MyRecipeSchema });
  const refuse = ({ status, field, message }: EditFailure) =>
    data(
      {
        result: submission.reply({
          formErrors: [field ? MY_RECIPE_MESSAGES.saveFailed : message],
          fieldErrors: field ? { [field]: [message] } : {},
          hideFields: ["picture"],
        }),
      },
      { status }
    );
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["picture"] }) }, { status: 400 });
  }
  const form = submission.value;
  const ingredients = ingredientsFrom(form.ingredients, await loadCatalogue());
  if (ingredients.length === 0)
    return refuse({ status: 400, field: "ingredients", message: MY_RECIPE_MESSAGES.noLines });

  let picture: string | null = null;
  if (form.picture && form.picture.size > 0) {
    try {
      picture = imageUrl(await storeImage("dishes", form.picture));
    } catch (error) {
      if (!(error instanceof UploadRejectedError)) throw error;
      return refuse({ status: error.status, field: "picture", message: error.message });
    }
  }
  const image = picture ?? (form.removePicture ? null : recipe.image);
  try {
    await updateMyRecipe(recipe, {
      name: form.name,
      prepTime: form.prepTime ?? null,
      cookingTime: form.cookingTime ?? null,
      totalTime: form.totalTime ?? null,
      servings: form.servings ?? null,
      ingredients,
      ...stepsFrom(form.steps ?? ""),
      image,
    });
  } catch (error) {
    // Refused: the picture just stored for it is shown by nothing.
    await deleteUnusedDishPhotos([storedDishPhotoOf(picture)]);
    if (error instanceof RecipeNameTakenError)
      return refuse({ status: 409, field: "name", message: MY_RECIPE_MESSAGES.nameTaken(form.name) });
    if (error instanceof RecipeRejectedError) return refuse({ status: error.status, message: error.message });
    throw error;
  }
  throw await redirectWithFlash(SCREEN, { type: "success", message: MY_RECIPE_MESSAGES.saved(form.name) });
}
