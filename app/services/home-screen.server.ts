/**
 * Home: what it shows (the cook's name and shopping count, the monthly meals, what to use soon, the most-searched
 * toggles) and what its forms post (a toggle, START RANDOM without JavaScript). The screen's route module imports
 * only this server module for its loader and action (decision 069).
 */
import { redirect } from "@remix-run/node";
import { resolveName, spoilingSoon, type PantryItem } from "~/domain/pantry";
import { todayUtc } from "~/domain/pantry-details";
import { RANDOM_MENU_FAILED } from "~/domain/random-recipe";
import { MOST_SEARCHED_TOGGLE_COUNT, mostSearchedToggles } from "~/domain/suggestions";
import { loadCatalogue } from "./catalogue.server";
import { monthlyMealStats } from "./meal-stats.server";
import { getCook } from "./cook.server";
import { mostSearchedIngredients } from "./ingredient-popularity.server";
import { parseHomeAction, toggleAndGoBack } from "./pantry-forms.server";
import { readPantry } from "./pantry-store.server";
import { randomRecipe } from "./recipe-search.server";
import { firstSubmissionError, readForm } from "./request.server";
import { redirectWithFlash } from "./session.server";
import { homeHeader } from "./users.server";

export async function homeScreen(request: Request) {
  const cook = await getCook(request);
  // Read side by side: none of these waits for another.
  const [header, mealStats, pantry] = await Promise.all([
    cook.userId === null ? { username: null, shoppingCount: 0 } : homeHeader(cook.userId, cook.listId),
    cook.userId === null ? null : monthlyMealStats(cook),
    readPantry(cook),
  ]);
  const { username, shoppingCount } = header;
  const toggles = await mostSearchedToggleStates(pantry);
  const soon = spoilingSoon(pantry, todayUtc()).map(({ item, daysLeft }) => ({ name: item.name, daysLeft }));
  // a session outliving its account shows no meals
  return { username, shoppingCount, mealStats: username === null ? null : mealStats, toggles, soon };
}

/** The most-searched ingredients, each marked when it is on the cook's list. */
async function mostSearchedToggleStates(pantry: PantryItem[]) {
  const [catalogue, searched] = await Promise.all([
    loadCatalogue(),
    mostSearchedIngredients(MOST_SEARCHED_TOGGLE_COUNT),
  ]);
  const listedKeys = new Set(pantry.map((item) => item.key));
  return mostSearchedToggles(searched.map((ingredient) => ingredient.name)).map((name) => ({
    name,
    listed: listedKeys.has(resolveName(catalogue, name)?.key ?? ""),
  }));
}

/** A most-searched toggle (adds or removes the ingredient) or START RANDOM without JavaScript. */
export async function changeHome(request: Request): Promise<Response> {
  const submission = parseHomeAction(await readForm(request));
  if (submission.status !== "success") {
    return redirectWithFlash("/home", {
      type: "error",
      message: firstSubmissionError(submission, "Unknown action.").message,
    });
  }
  if (submission.value.intent === "random-menu") {
    const menu = await randomRecipe();
    if (!menu) return redirectWithFlash("/home", { type: "error", message: RANDOM_MENU_FAILED });
    throw redirect(`/menu-detail/${menu.menu_id}`);
  }
  return toggleAndGoBack(await getCook(request), submission.value.name, "/home");
}
