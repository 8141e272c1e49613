/**
 * Cook mode (/cook/:id): one step of a recipe at a time, with the ingredients it uses in the servings chosen on
 * the recipe screen (`?servings=N` or `?fit=pantry`, carried along), and the timers its words name. "Finish
 * cooking" on the last step records the meal as ticking the checklist's last step does: once per cooking.
 * The screen's route module imports only this server module for its loader and action (decision 069).
 */
import { redirect } from "@remix-run/node";
import { durationsIn, stepIngredients, type StepDuration } from "~/domain/cook-timers";
import { parseId } from "~/domain/ids";
import { gridLines, recipeGrids } from "~/domain/menu-detail";
import { readScaling, scaleQuantity, servingsQuery } from "~/domain/servings";
import { loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";
import { requireCook } from "./cook.server";
import { readPantry } from "./pantry-store.server";
import { pantryFitOf, servingsCooked } from "./recipe-screen.server";
import { findRecipe } from "./recipe-search.server";
import { completeCooking } from "./recipe-visit.server";
import { readForm } from "./request.server";
import { redirectWithFlash } from "./session.server";

export interface CookStep {
  /** 1-based, as the address and the screen count */
  number: number;
  text: string;
  /** the heading the step stands under ("For the sauce"), or null */
  section: string | null;
  /** the recipe's lines the step uses, with the amounts for the servings chosen */
  ingredients: { name: string; quantity: string }[];
  timers: StepDuration[];
}

const notFound = () => new Response("Not found", { status: 404 });

function recipeIdOf(id: string | undefined): number {
  const recipeId = parseId(id);
  if (recipeId === null) throw notFound();
  return recipeId;
}

/** The step asked for (`?step=N`, 1-based); anything else is the first step, a number past the end the last. */
function stepNumberOf(search: URLSearchParams, count: number): number {
  const asked = search.get("step") ?? "";
  const step = /^\d{1,4}$/.test(asked) ? Number(asked) : 1;
  return Math.min(Math.max(step, 1), Math.max(count, 1));
}

export const cookPath = (recipeId: number, scaling: string, step?: number) => {
  const search = new URLSearchParams(scaling);
  if (step !== undefined) search.set("step", String(step));
  const query = search.toString();
  return `/cook/${recipeId}${query ? `?${query}` : ""}`;
};

export async function cookScreen(request: Request, id: string | undefined) {
  const cook = await requireCook(request);
  const recipeId = recipeIdOf(id);
  const menu = await findRecipe(recipeId, cook.userId);
  if (!menu) throw notFound();
  const search = new URL(request.url).searchParams;
  const scaling = servingsQuery(search);
  const choice = readScaling(search);
  const [recipe, catalogue, pantry] = await Promise.all([
    prisma.recipe.findUnique({
      where: { id: recipeId },
      select: { servings: true, steps: { select: { section: true }, orderBy: { position: "asc" } } },
    }),
    loadCatalogue(),
    choice.fit ? readPantry(cook) : Promise.resolve([]),
  ]);
  const base = recipe?.servings ?? 1;
  const fit = choice.fit ? pantryFitOf(catalogue, menu.ingredients_quantity, pantry, recipe?.servings ?? null) : null;
  const servings = fit ? fit.servings : choice.servings ?? base;
  const factor = fit ? fit.factor : servings / base;
  const lines = [...gridLines(recipeGrids(menu, () => false)).values()];
  const count = menu.steps.length;
  const number = stepNumberOf(search, count);
  const text = menu.steps[number - 1] ?? "";
  const step: CookStep = {
    number,
    text,
    section: recipe?.steps[number - 1]?.section ?? null,
    ingredients: stepIngredients(text, lines).map((line) => ({
      name: line.name,
      quantity: line.quantity ? scaleQuantity(line.quantity, factor).text : "",
    })),
    timers: durationsIn(text),
  };
  return {
    recipe: { id: recipeId, name: menu.menu_name },
    step,
    count,
    servings: factor === 1 ? null : servings,
    recipePath: `/menu-detail/${recipeId}${scaling}`,
    previous: number > 1 ? cookPath(recipeId, scaling, number - 1) : null,
    next: number < count ? cookPath(recipeId, scaling, number + 1) : null,
  };
}

/** "Finish cooking": the meal is recorded (once per cooking) and the cook lands on the recipe's pantry update. */
export async function changeCook(request: Request, id: string | undefined): Promise<Response> {
  const cook = await requireCook(request);
  const { userId } = cook;
  const recipeId = recipeIdOf(id);
  const menu = await findRecipe(recipeId, userId);
  if (!menu) throw notFound();
  const formData = await readForm(request);
  const scaling = servingsQuery(new URL(request.url).searchParams);
  const recipe = `/menu-detail/${recipeId}${scaling}`;
  if (formData.get("intent") !== "finish" || menu.steps.length === 0) {
    return redirectWithFlash(cookPath(recipeId, scaling), { type: "error", message: "Nothing to finish here." });
  }
  // A repeat (a double submit, a second finish) records nothing: the cooking was counted already.
  await completeCooking(request, cook, recipeId, menu.steps.length, await servingsCooked(request, menu, cook));
  return redirect(`${recipe}#cooking-status`);
}
