/**
 * What a cook is doing with one recipe: the steps ticked in this cooking, whether this cooking has been
 * counted as a meal, and the ingredients picked for the shopping list. Pure state changes; the server keeps
 * the state (app/services/recipe-visit.server.ts) so reloads, double submits and form posts without
 * JavaScript all see the same cooking.
 */

export interface RecipeVisit {
  /** indexes of the ticked steps, ascending */
  checkedSteps: number[];
  /** when this cooking was counted as a meal (ISO time); null while it is in progress */
  countedAt: string | null;
  /** recipe ingredient names picked for the shopping list, in recipe order */
  selectedIngredients: string[];
  /** last change (ISO time), so the oldest visits can be forgotten */
  touchedAt: string;
}

/** A counted cooking stays on screen (all steps ticked) this long; after that the recipe starts a fresh one. */
export const FINISHED_COOKING_MS = 6 * 60 * 60 * 1000;
/** Recipes whose state is remembered per session; older visits are dropped. */
export const REMEMBERED_VISITS = 30;

export function emptyVisit(now: Date): RecipeVisit {
  return { checkedSteps: [], countedAt: null, selectedIngredients: [], touchedAt: now.toISOString() };
}

/** The visit as it stands now: a cooking counted long ago is over, so its ticks are cleared. */
export function currentVisit(stored: RecipeVisit | undefined, now: Date): RecipeVisit {
  if (!stored) return emptyVisit(now);
  if (stored.countedAt && now.getTime() - Date.parse(stored.countedAt) > FINISHED_COOKING_MS) {
    return { ...stored, checkedSteps: [], countedAt: null };
  }
  return stored;
}

export interface StepChange {
  visit: RecipeVisit;
  /** true exactly when this change finished a cooking that had not been counted yet */
  completed: boolean;
}

function finish(visit: RecipeVisit, checkedSteps: number[], stepCount: number, now: Date): StepChange {
  const allChecked = stepCount > 0 && checkedSteps.length === stepCount;
  if (checkedSteps.length === 0) return { visit: { ...visit, checkedSteps, countedAt: null }, completed: false };
  if (allChecked && visit.countedAt === null) {
    return { visit: { ...visit, checkedSteps, countedAt: now.toISOString() }, completed: true };
  }
  return { visit: { ...visit, checkedSteps }, completed: false };
}

/**
 * Ticks or unticks one step. Ticking the last open step counts the cooking once; unticking every step
 * starts a new cooking, which can be counted again.
 */
export function setStepChecked(
  visit: RecipeVisit,
  step: number,
  checked: boolean,
  stepCount: number,
  now: Date
): StepChange {
  const steps = new Set(visit.checkedSteps.filter((index) => index < stepCount));
  if (checked && step >= 0 && step < stepCount) steps.add(step);
  else steps.delete(step);
  const touched = { ...visit, touchedAt: now.toISOString() };
  return finish(
    touched,
    [...steps].sort((a, b) => a - b),
    stepCount,
    now
  );
}

/** Marks the whole cooking done (the JSON call): counts it unless this cooking was counted already. */
export function finishCooking(visit: RecipeVisit, stepCount: number, now: Date): StepChange {
  if (visit.countedAt !== null) return { visit, completed: false };
  const checkedSteps = Array.from({ length: stepCount }, (_, index) => index);
  const at = now.toISOString();
  return { visit: { ...visit, checkedSteps, countedAt: at, touchedAt: at }, completed: true };
}

/** Picks or unpicks an ingredient, keeping the recipe's order. */
export function setIngredientSelected(
  visit: RecipeVisit,
  ingredient: string,
  selected: boolean,
  recipeIngredients: readonly string[],
  now: Date
): RecipeVisit {
  const chosen = new Set(visit.selectedIngredients);
  if (selected) chosen.add(ingredient);
  else chosen.delete(ingredient);
  return {
    ...visit,
    selectedIngredients: recipeIngredients.filter((name) => chosen.has(name)),
    touchedAt: now.toISOString(),
  };
}

/** The visits with this one stored, keeping only the most recently touched REMEMBERED_VISITS. */
export function rememberVisit(
  visits: Record<string, RecipeVisit>,
  recipeId: number,
  visit: RecipeVisit
): Record<string, RecipeVisit> {
  const entries: [string, RecipeVisit][] = Object.entries({ ...visits, [recipeId]: visit });
  entries.sort(([, a], [, b]) => Date.parse(b.touchedAt) - Date.parse(a.touchedAt));
  return Object.fromEntries(entries.slice(0, REMEMBERED_VISITS));
}

/**
 * Whether opening a recipe may add to the cook's history, by the browser's Sec-Fetch-Site: the app's own links
 * and Remix's data requests ("same-origin") and an address typed or bookmarked ("none") may; a link or
 * redirect from another site, even a sibling subdomain, may not write to someone's history. Without the header
 * (an old browser, a script) the request is taken as the cook's own: a browser on another site cannot remove it.
 */
export function visitMayBeRecorded(secFetchSite: string | null): boolean {
  return secFetchSite === null || secFetchSite === "same-origin" || secFetchSite === "none";
}
