import { describe, expect, it } from "vitest";
import {
  currentVisit,
  emptyVisit,
  finishCooking,
  FINISHED_COOKING_MS,
  rememberVisit,
  REMEMBERED_VISITS,
  setIngredientSelected,
  setStepChecked,
  type RecipeVisit,
} from "~/domain/recipe-visit";

const start = new Date("2025-03-01T18:00:00Z");
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

function tick(visit: RecipeVisit, steps: number[], stepCount: number) {
  let completions = 0;
  for (const step of steps) {
    const change = setStepChecked(visit, step, true, stepCount, start);
    visit = change.visit;
    if (change.completed) completions++;
  }
  return { visit, completions };
}

describe("cooking checklist", () => {
  it("counts the cooking once, when the last open step is ticked", () => {
    const { visit, completions } = tick(emptyVisit(start), [0, 2, 1], 3);
    expect(completions).toBe(1);
    expect(visit.checkedSteps).toEqual([0, 1, 2]);
    expect(visit.countedAt).toBe(start.toISOString());
  });

  it("does not count again when a step is ticked twice, or unticked and ticked again", () => {
    let { visit } = tick(emptyVisit(start), [0, 1], 2);
    const again = setStepChecked(visit, 1, true, 2, later(1));
    expect(again.completed).toBe(false);
    visit = setStepChecked(visit, 1, false, 2, later(2)).visit;
    const retick = setStepChecked(visit, 1, true, 2, later(3));
    expect(retick.completed).toBe(false);
    expect(retick.visit.countedAt).toBe(start.toISOString());
  });

  it("starts a new cooking, which counts again, once every step is unticked", () => {
    let { visit } = tick(emptyVisit(start), [0, 1], 2);
    visit = setStepChecked(visit, 0, false, 2, later(5)).visit;
    visit = setStepChecked(visit, 1, false, 2, later(6)).visit;
    expect(visit).toMatchObject({ checkedSteps: [], countedAt: null });
    expect(tick(visit, [0, 1], 2).completions).toBe(1);
  });

  it("needs at least one step: a recipe without steps is never finished by ticking", () => {
    const change = setStepChecked(emptyVisit(start), 0, true, 0, start);
    expect(change.completed).toBe(false);
    expect(change.visit.checkedSteps).toEqual([]);
  });

  it("forgets ticks on steps the recipe no longer has", () => {
    const stale = { ...emptyVisit(start), checkedSteps: [0, 5] };
    expect(setStepChecked(stale, 1, true, 2, start)).toMatchObject({
      completed: true,
      visit: { checkedSteps: [0, 1] },
    });
  });

  it("shows a counted cooking for a while, then starts afresh", () => {
    const { visit } = tick(emptyVisit(start), [0], 1);
    expect(currentVisit(visit, later(60)).checkedSteps).toEqual([0]);
    const afterwards = currentVisit(visit, new Date(start.getTime() + FINISHED_COOKING_MS + 1));
    expect(afterwards).toMatchObject({ checkedSteps: [], countedAt: null });
  });

  it("finishing the whole cooking at once counts it once and ticks every step", () => {
    const first = finishCooking(emptyVisit(start), 3, start);
    expect(first).toMatchObject({ completed: true, visit: { checkedSteps: [0, 1, 2] } });
    expect(finishCooking(first.visit, 3, later(1)).completed).toBe(false);
  });
});

describe("ingredient picks", () => {
  const recipe = ["chicken thigh", "lemon", "garlic"];

  it("keeps the recipe's order and toggles", () => {
    let visit = setIngredientSelected(emptyVisit(start), "garlic", true, recipe, start);
    visit = setIngredientSelected(visit, "chicken thigh", true, recipe, start);
    expect(visit.selectedIngredients).toEqual(["chicken thigh", "garlic"]);
    visit = setIngredientSelected(visit, "garlic", false, recipe, start);
    expect(visit.selectedIngredients).toEqual(["chicken thigh"]);
  });
});

describe("remembered visits", () => {
  it("keeps the most recently touched recipes only", () => {
    let visits: Record<string, RecipeVisit> = {};
    for (let id = 1; id <= REMEMBERED_VISITS + 5; id++) visits = rememberVisit(visits, id, emptyVisit(later(id)));
    expect(Object.keys(visits)).toHaveLength(REMEMBERED_VISITS);
    expect(visits["1"]).toBeUndefined();
    expect(visits[String(REMEMBERED_VISITS + 5)]).toBeDefined();
  });
});
