/**
 * "Plan it" on the recipe screen: a day and a meal, posted to /plan, which answers with a redirect back to the
 * recipe and a message. With JavaScript a fetcher posts it and the screen stays where it is.
 */
import { useFetcher } from "@remix-run/react";
import { PLAN_MEALS } from "~/domain/meal-planner";

export function PlanIt({ recipeId, recipeName, today }: { recipeId: number; recipeName: string; today: string }) {
  const fetcher = useFetcher({ key: `plan-it-${recipeId}` });
  const busy = fetcher.state !== "idle";
  return (
    <details className="plan-it">
      <summary>Plan it</summary>
      <fetcher.Form method="post" action="/plan" className="plan-add" aria-busy={busy}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="menu_id" value={recipeId} />
        <input type="hidden" name="back" value={`/menu-detail/${recipeId}`} />
        <label htmlFor="plan-it-day">Day to plan</label>
        <input id="plan-it-day" name="day" type="date" required min={today} defaultValue={today} />
        <label htmlFor="plan-it-meal">Meal to plan</label>
        <select id="plan-it-meal" name="meal" defaultValue="Dinner">
          {PLAN_MEALS.map((meal) => (
            <option key={meal}>{meal}</option>
          ))}
        </select>
        <label htmlFor="plan-it-servings">Servings to plan</label>
        <input id="plan-it-servings" name="servings" type="number" min={1} max={100} defaultValue={2} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Planning..." : `Plan ${recipeName}`}
        </button>
      </fetcher.Form>
    </details>
  );
}
