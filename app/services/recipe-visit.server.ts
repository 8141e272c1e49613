/**
 * Per-session state of the recipe screen (app/domain/recipe-visit.ts): ticked steps and whether this cooking
 * was counted, ingredients picked for the shopping list. (Acknowledged allergy warnings belong to the cook, not
 * the session: see acknowledgeAllergyWarning.)
 *
 * The state lives in the database session, but is never written with commitSession: that writes back the
 * whole session as read at the start of the request, so two requests at once (quick taps, a double submit)
 * would undo each other. Every change here reads the session row, changes one value and writes the row only
 * if nobody wrote it in between (compare-and-set on the stored text), retrying otherwise. That is also what
 * makes "this cooking was counted" safe: only the request whose write flips it records the meal.
 */
import {
  currentVisit,
  finishCooking,
  rememberVisit,
  setIngredientSelected,
  setStepChecked,
  type RecipeVisit,
  type StepChange,
} from "~/domain/recipe-visit";
import type { MealCompletion } from "~/generated/prisma/client";
import type { MemberCook } from "./cook.server";
import { prisma } from "./db.server";
import { recordMealCompletion } from "./meal-completions.server";
import { jsonError } from "./request.server";
import { getSession } from "./session.server";
import { storedStringList } from "~/domain/stored-list";

const VISITS_KEY = "recipeVisits";
const WRITE_ATTEMPTS = 5;

type SessionValues = Record<string, unknown>;

async function sessionIdOf(request: Request): Promise<string> {
  const session = await getSession(request);
  if (!session.id) throw jsonError("Your session has ended. Please log in again.", 401);
  return session.id;
}

/** Changes session values atomically (see the file comment). `change` may run more than once. */
async function updateSession<Result>(
  request: Request,
  change: (values: SessionValues) => { values: SessionValues; result: Result }
): Promise<Result> {
  const id = await sessionIdOf(request);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const row = await prisma.session.findUnique({ where: { id }, select: { data: true } });
    if (!row) throw jsonError("Your session has ended. Please log in again.", 401);
    const { values, result } = change(JSON.parse(row.data) as SessionValues);
    const written = await prisma.session.updateMany({
      where: { id, data: row.data },
      data: { data: JSON.stringify(values) },
    });
    if (written.count === 1) return result;
  }
  throw new Error("The session kept changing; gave up writing it");
}

function visitsIn(values: SessionValues): Record<string, RecipeVisit> {
  const visits = values[VISITS_KEY];
  return typeof visits === "object" && visits !== null ? (visits as Record<string, RecipeVisit>) : {};
}

/** Applies `change` to the recipe's current visit and stores the result. */
function changeVisit<Result>(
  request: Request,
  recipeId: number,
  change: (visit: RecipeVisit, now: Date) => { visit: RecipeVisit; result: Result }
): Promise<Result> {
  return updateSession(request, (values) => {
    const now = new Date();
    const visits = visitsIn(values);
    const { visit, result } = change(currentVisit(visits[recipeId], now), now);
    return { values: { ...values, [VISITS_KEY]: rememberVisit(visits, recipeId, visit) }, result };
  });
}

export interface RecipeScreenState {
  visit: RecipeVisit;
}

export async function readRecipeScreenState(request: Request, recipeId: number): Promise<RecipeScreenState> {
  const session = await getSession(request);
  const values = session.data as SessionValues;
  return {
    visit: currentVisit(visitsIn(values)[recipeId], new Date()),
  };
}

export type CookingChange = StepChange & { completion: MealCompletion | null };

/**
 * Applies a change to the cooking and, when it is the one that finished the cooking, records the meal
 * completion. If recording fails the cooking is marked uncounted again, so a retry can count it.
 */
async function changeCooking(
  request: Request,
  cook: MemberCook,
  recipeId: number,
  change: (visit: RecipeVisit, now: Date) => StepChange,
  servings: number | null
): Promise<CookingChange> {
  const outcome = await changeVisit(request, recipeId, (visit, now) => {
    const changed = change(visit, now);
    return { visit: changed.visit, result: changed };
  });
  if (!outcome.completed) return { ...outcome, completion: null };
  try {
    const completion = await recordMealCompletion({ cook, recipeId, servings });
    if (!completion) throw new Error(`Recipe ${recipeId} disappeared while its completion was recorded`);
    return { ...outcome, completion };
  } catch (error) {
    const countedAt = outcome.visit.countedAt;
    await changeVisit(request, recipeId, (visit) => ({
      visit: visit.countedAt === countedAt ? { ...visit, countedAt: null } : visit,
      result: null,
    }));
    throw error;
  }
}

/**
 * Ticks or unticks a step; ticking the last open one records exactly one meal completion for this cooking, for
 * `servings` (the servings the screen showed; null: the recipe's).
 */
export function checkStep(
  request: Request,
  cook: MemberCook,
  recipeId: number,
  step: { index: number; checked: boolean; count: number },
  servings: number | null = null
): Promise<CookingChange> {
  return changeCooking(
    request,
    cook,
    recipeId,
    (visit, now) => setStepChecked(visit, step.index, step.checked, step.count, now),
    servings
  );
}

/** The whole cooking done at once (POST /meal-completions): recorded unless this cooking was counted already. */
export function completeCooking(
  request: Request,
  cook: MemberCook,
  recipeId: number,
  stepCount: number,
  servings: number | null = null
): Promise<CookingChange> {
  return changeCooking(request, cook, recipeId, (visit, now) => finishCooking(visit, stepCount, now), servings);
}

export function selectIngredient(
  request: Request,
  recipeId: number,
  choice: { name: string; selected: boolean; recipeIngredients: readonly string[] }
): Promise<RecipeVisit> {
  return changeVisit(request, recipeId, (visit, now) => {
    const changed = setIngredientSelected(visit, choice.name, choice.selected, choice.recipeIngredients, now);
    return { visit: changed, result: changed };
  });
}

/** Forgets the picked ingredients (they went to the shopping list). */
export function clearIngredientSelection(request: Request, recipeId: number): Promise<void> {
  return changeVisit(request, recipeId, (visit, now) => ({
    visit: { ...visit, selectedIngredients: [], touchedAt: now.toISOString() },
    result: undefined,
  }));
}

/**
 * The cook acknowledged this recipe's allergy warning ('I Understand'): it stays hidden for them on any device
 * and after the next login, until an allergy they did not have then matches the recipe.
 */
export async function acknowledgeAllergyWarning(userId: number, recipeId: number): Promise<void> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { allergies: true } });
  const allergies = JSON.stringify(storedStringList(user?.allergies));
  await prisma.allergyWarningSeen.upsert({
    where: { userId_recipeId: { userId, recipeId } },
    create: { userId, recipeId, allergies },
    update: { allergies, createdAt: new Date() },
  });
}

/**
 * The allergies the cook had when they acknowledged a recipe's warning (its stored JSON list; none if they never
 * did), lowercase.
 */
export const acknowledgedSet = (stored: string | null | undefined): Set<string> =>
  new Set(storedStringList(stored).map((allergy) => allergy.toLowerCase()));
