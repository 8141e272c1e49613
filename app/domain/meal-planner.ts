/**
 * "Plan my week": chooses a recipe (or leftovers) for each chosen meal of the coming days so that the food due
 * soonest is eaten soonest. Pure: the caller hands in the pantry, the cookbook and the cook's rules; nothing here
 * reads a database. docs/meal-plan.md explains the choices with worked examples.
 *
 * The slots are filled in time order. Each slot takes the recipe worth most now: every gram of pantry food it would
 * use counts 1 / (the slots left before that food's date), so food with one chance left outweighs food with ten.
 * Amounts are tracked: what an earlier slot used is gone for later ones, and a partly used item keeps its rest.
 */

export const PLAN_MEALS = ["Breakfast", "Lunch", "Dinner"] as const;
export type PlanMeal = (typeof PLAN_MEALS)[number];

export const isPlanMeal = (value: unknown): value is PlanMeal =>
  typeof value === "string" && (PLAN_MEALS as readonly string[]).includes(value);

/** Grams a recipe line weighs when its quantity does not say. */
export const DEFAULT_LINE_GRAMS = 100;
/** Grams taken to be there of an item without an amount: a usual pack. */
export const UNKNOWN_ITEM_GRAMS = 500;
/** Food that keeps more than this many days where it is kept is not perishable: it earns almost nothing. */
export const PERISHABLE_DAYS = 14;
/** What a gram of food that keeps counts, beside perishable food's 1 / slots left. */
const KEEPING_WEIGHT = 0.01;
/** Other recipes kept per slot for the improving passes, and how many passes at most. */
const SHORTLIST = 12;
const IMPROVING_PASSES = 2;
const GRAMS_EPSILON = 1e-6;
/** Score lost per ingredient to buy, in weighted grams. */
const BUY_COST = 1;
/** Score per star of the average rating (3 stars without reviews). */
const RATING_WEIGHT = 0.5;
const UNRATED = 3;

export interface PlannerItem {
  /** the pantry item's id */
  id: number;
  /** as the cook wrote it: said back in the reasons */
  name: string;
  /** the catalogue ingredient, null when the catalogue does not know it */
  ingredientId: number | null;
  /** grams there are, null when the cook gave no amount */
  grams: number | null;
  /** YYYY-MM-DD: the last day it is good */
  bestBefore: string;
  /** keeps PERISHABLE_DAYS or fewer where it is kept */
  perishable: boolean;
  /** a cooked dish kept for later ("Leftover Chicken curry"): eaten as a meal of its own */
  leftover?: { dish: string; servings: number; recipeId: number | null };
}

export interface PlannerLine {
  ingredientId: number;
  /** grams for the recipe's own servings, null when the quantity does not say */
  grams: number | null;
  /** salt, oil, water...: never bought for the plan, never counted as used */
  staple: boolean;
}

export interface PlannerRecipe {
  id: number;
  name: string;
  /** servings the lines are written for */
  servings: number;
  lines: readonly PlannerLine[];
  occasions: readonly string[];
  /** the diets it fits */
  diets: readonly string[];
  /** allergen groups of its ingredients */
  allergenGroups: readonly string[];
  /** the main protein's name (chicken for chicken thighs), null for none */
  mainProtein: string | null;
  rating: number | null;
}

export interface PlanSlot {
  day: string;
  meal: PlanMeal;
}

/** An entry the plan keeps: locked by the cook, or not to be replaced. */
export interface KeptEntry extends PlanSlot {
  recipeId: number | null;
  servings: number;
  leftoverOf: string | null;
}

export interface ItemUse {
  itemId: number;
  grams: number;
}

export interface PlannedEntry extends PlanSlot {
  recipeId: number | null;
  servings: number;
  /** the dish of a leftover eaten at this meal */
  leftoverOf: string | null;
  /** the pantry item a leftover entry eats */
  leftoverItemId: number | null;
  reason: string;
  uses: ItemUse[];
}

export interface PlanRequest {
  /** the days to plan, in order (YYYY-MM-DD) */
  days: readonly string[];
  meals: readonly PlanMeal[];
  /** servings per meal */
  servings: number;
  pantry: readonly PlannerItem[];
  recipes: readonly PlannerRecipe[];
  /** the catalogue ingredient's more general one (chicken for chicken breast), null at the top */
  parentOf: (ingredientId: number) => number | null;
  /** every one of them must fit */
  diets: readonly string[];
  /** allergen groups and catalogue ingredients no recipe may hold */
  allergies: { groups: readonly string[]; ingredientIds: readonly number[] };
  /** slots already taken; their food is used at their time, their recipes count for variety */
  kept: readonly KeptEntry[];
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
export const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

/** Whether a recipe is one to eat at this meal: tagged for it, or (untagged for meals) a main dish at lunch or dinner. */
export function fitsMeal(occasions: readonly string[], meal: PlanMeal): boolean {
  if (occasions.includes(meal)) return true;
  const forMeals = occasions.some((occasion) => isPlanMeal(occasion));
  const notAMeal = occasions.some((occasion) => occasion === "Snack" || occasion === "Side Dish");
  return !forMeals && !notAMeal && meal !== "Breakfast";
}

/** The ingredient and the more general ones it is a kind of. */
function lineage(id: number, parentOf: (id: number) => number | null): number[] {
  const chain = [id];
  for (let parent = parentOf(id); parent !== null && !chain.includes(parent); parent = parentOf(parent)) {
    chain.push(parent);
  }
  return chain;
}

/** Per recipe line, the pantry items that can stand for it (the same food, a kind of it, or what it is a kind of). */
function itemsForLines(request: PlanRequest, recipe: PlannerRecipe, byKey: Map<number, number[]>): number[][] {
  return recipe.lines.map((line) => {
    if (line.staple) return [];
    const found = new Set<number>(byKey.get(line.ingredientId) ?? []);
    for (const id of lineage(line.ingredientId, request.parentOf).slice(1)) {
      for (const index of byKey.get(id) ?? []) if (request.pantry[index].ingredientId === id) found.add(index);
    }
    return [...found];
  });
}

interface Candidate {
  recipe: PlannerRecipe;
  /** per line, pantry item indices, soonest due first */
  sources: number[][];
  missing: number;
}

function allowed(request: PlanRequest, recipe: PlannerRecipe): boolean {
  if (!request.diets.every((diet) => recipe.diets.includes(diet))) return false;
  if (recipe.allergenGroups.some((group) => request.allergies.groups.includes(group))) return false;
  const banned = request.allergies.ingredientIds;
  return !recipe.lines.some((line) => lineage(line.ingredientId, request.parentOf).some((id) => banned.includes(id)));
}

/**
 * Plans the slots of `request.days` × `request.meals` not in `request.kept`. Slots no allowed recipe fits stay
 * empty rather than repeat a recipe.
 */
export function planMeals(request: PlanRequest): PlannedEntry[] {
  const meals = PLAN_MEALS.filter((meal) => request.meals.includes(meal));
  if (meals.length === 0 || request.days.length === 0) return [];
  const firstDay = dayNumber(request.days[0]);
  const left = request.pantry.map((item) => item.grams ?? UNKNOWN_ITEM_GRAMS);
  const dueIndex = request.pantry.map((item) => dayNumber(item.bestBefore) - firstDay);
  const byKey = new Map<number, number[]>();
  request.pantry.forEach((item, index) => {
    if (item.ingredientId === null || item.leftover) return;
    for (const id of lineage(item.ingredientId, request.parentOf)) byKey.set(id, [...(byKey.get(id) ?? []), index]);
  });
  for (const indices of byKey.values()) indices.sort((a, b) => dueIndex[a] - dueIndex[b]);

  const candidates: Candidate[] = [];
  const recipesById = new Map<number, Candidate>();
  for (const recipe of request.recipes) {
    if (!allowed(request, recipe)) continue;
    const sources = itemsForLines(request, recipe, byKey);
    const missing = recipe.lines.filter((line, index) => !line.staple && sources[index].length === 0).length;
    const candidate = { recipe, sources, missing };
    candidates.push(candidate);
    recipesById.set(recipe.id, candidate);
  }
  const baseScore = (candidate: Candidate) =>
    RATING_WEIGHT * (candidate.recipe.rating ?? UNRATED) - BUY_COST * candidate.missing;
  const users = candidates.filter((candidate) => candidate.sources.some((indices) => indices.length > 0));
  const byBase = [...candidates].sort((a, b) => baseScore(b) - baseScore(a));

  const keptAt = new Map(request.kept.map((entry) => [`${entry.day}|${entry.meal}`, entry]));
  const used = new Set(request.kept.flatMap((entry) => (entry.recipeId === null ? [] : [entry.recipeId])));
  const proteins = new Map<number, Set<string>>();
  const noteProtein = (dayIndex: number, recipeId: number | null) => {
    const protein = recipeId === null ? null : recipesById.get(recipeId)?.recipe.mainProtein ?? null;
    if (protein) proteins.set(dayIndex, (proteins.get(dayIndex) ?? new Set()).add(protein));
  };
  request.kept.forEach((entry) => noteProtein(dayNumber(entry.day) - firstDay, entry.recipeId));
  const proteinClash = (dayIndex: number, protein: string | null) =>
    protein !== null && [dayIndex - 1, dayIndex, dayIndex + 1].some((index) => proteins.get(index)?.has(protein));

  /** Takes what the recipe's lines use from the pantry at this slot; `take` false only measures it. */
  const useFood = (
    candidate: Candidate,
    servings: number,
    dayIndex: number,
    slotsBefore: (due: number) => number,
    take: boolean
  ) => {
    const factor = servings / Math.max(1, candidate.recipe.servings);
    const uses: ItemUse[] = [];
    let value = 0;
    candidate.recipe.lines.forEach((line, lineIndex) => {
      let need = (line.grams ?? DEFAULT_LINE_GRAMS) * factor;
      for (const index of candidate.sources[lineIndex]) {
        if (need <= 0) break;
        if (left[index] <= 0 || dueIndex[index] < dayIndex) continue;
        const grams = Math.min(left[index], need);
        need -= grams;
        const item = request.pantry[index];
        value += grams * (item.perishable ? 1 / slotsBefore(dueIndex[index]) : KEEPING_WEIGHT);
        uses.push({ itemId: item.id, grams });
        if (take) left[index] -= grams;
      }
    });
    return { value, uses };
  };

  interface Slot {
    day: string;
    meal: PlanMeal;
    dayIndex: number;
    slotsBefore: (due: number) => number;
    kept?: KeptEntry;
    leftover?: { item: PlannerItem; index: number };
    chosen?: Candidate;
    /** the best other recipes for the slot when it was filled, for the improving passes */
    shortlist: Candidate[];
  }
  const slots: Slot[] = [];
  const leftovers = request.pantry
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.leftover)
    .sort((a, b) => dueIndex[a.index] - dueIndex[b.index]);
  const leftoverMeal = (["Lunch", "Dinner", "Breakfast"] as const).find((choice) => meals.includes(choice));

  request.days.forEach((day, dayIndex) => {
    meals.forEach((meal, mealIndex) => {
      const slotsBefore = (due: number) => Math.max(1, (due - dayIndex) * meals.length + (meals.length - mealIndex));
      const slot: Slot = { day, meal, dayIndex, slotsBefore, shortlist: [] };
      slots.push(slot);
      slot.kept = keptAt.get(`${day}|${meal}`);
      if (slot.kept) {
        const candidate = slot.kept.recipeId === null ? undefined : recipesById.get(slot.kept.recipeId);
        if (candidate) useFood(candidate, slot.kept.servings, dayIndex, slotsBefore, true);
        return;
      }
      slot.leftover = leftovers.find(
        ({ index }) => left[index] > 0 && dueIndex[index] >= dayIndex && meal === leftoverMeal
      );
      if (slot.leftover) {
        left[slot.leftover.index] = 0;
        return;
      }
      const choose = (strict: boolean) => {
        const scored: { candidate: Candidate; score: number }[] = [];
        const fits = (candidate: Candidate) =>
          !used.has(candidate.recipe.id) &&
          fitsMeal(candidate.recipe.occasions, meal) &&
          (!strict || !proteinClash(dayIndex, candidate.recipe.mainProtein));
        for (const candidate of users) {
          if (!fits(candidate)) continue;
          const value = useFood(candidate, request.servings, dayIndex, slotsBefore, false).value;
          if (value > 0) scored.push({ candidate, score: baseScore(candidate) + value });
        }
        const fallback = byBase.find(fits);
        if (fallback) scored.push({ candidate: fallback, score: baseScore(fallback) });
        scored.sort((a, b) => b.score - a.score);
        slot.shortlist = scored.slice(1, SHORTLIST + 1).map(({ candidate }) => candidate);
        return scored[0]?.candidate ?? null;
      };
      const chosen = choose(true) ?? choose(false);
      if (!chosen) return;
      slot.chosen = chosen;
      used.add(chosen.recipe.id);
      noteProtein(dayIndex, chosen.recipe.id);
      useFood(chosen, request.servings, dayIndex, slotsBefore, true);
    });
  });

  /** Cooks the slots in order from the full pantry: perishable grams eaten by their date, and each slot's uses. */
  const simulate = () => {
    left.splice(0, left.length, ...request.pantry.map((item) => item.grams ?? UNKNOWN_ITEM_GRAMS));
    let saved = 0;
    const uses = slots.map((slot) => {
      if (slot.leftover) left[slot.leftover.index] = 0;
      const candidate = slot.kept ? recipesById.get(slot.kept.recipeId ?? -1) : slot.chosen;
      if (!candidate) return [];
      const servings = slot.kept?.servings ?? request.servings;
      const { uses: slotUses } = useFood(candidate, servings, slot.dayIndex, slot.slotsBefore, true);
      for (const use of slotUses) {
        const index = itemIndex.get(use.itemId)!;
        if (request.pantry[index].perishable && dueIndex[index] < request.days.length) saved += use.grams;
      }
      return slotUses;
    });
    return { saved, uses };
  };
  const itemIndex = new Map(request.pantry.map((item, index) => [item.id, index]));
  const mainProtein = (slot: Slot) =>
    (slot.kept ? recipesById.get(slot.kept.recipeId ?? -1) : slot.chosen)?.recipe.mainProtein ?? null;
  const varied = (slot: Slot, protein: string | null) =>
    protein === null ||
    !slots.some(
      (other) => other !== slot && Math.abs(other.dayIndex - slot.dayIndex) <= 1 && mainProtein(other) === protein
    );

  // Improving passes on what the plan is for: replace an entry by one of its slot's shortlist, or swap two entries,
  // whenever more perishable food is then eaten by its date.
  let best = simulate().saved;
  for (let pass = 0; pass < IMPROVING_PASSES; pass++) {
    let improved = false;
    for (const slot of slots) {
      if (!slot.chosen) continue;
      for (const other of slot.shortlist) {
        if (used.has(other.recipe.id) || !varied(slot, other.recipe.mainProtein)) continue;
        const before: Candidate = slot.chosen;
        slot.chosen = other;
        const saved = simulate().saved;
        if (saved > best + GRAMS_EPSILON) {
          best = saved;
          used.delete(before.recipe.id);
          used.add(other.recipe.id);
          improved = true;
        } else slot.chosen = before;
      }
    }
    for (const [index, first] of slots.entries()) {
      for (const second of slots.slice(index + 1)) {
        const a = first.chosen;
        const b = second.chosen;
        if (!a || !b || !fitsMeal(a.recipe.occasions, second.meal) || !fitsMeal(b.recipe.occasions, first.meal))
          continue;
        first.chosen = b;
        second.chosen = a;
        const saved =
          varied(first, b.recipe.mainProtein) && varied(second, a.recipe.mainProtein) ? simulate().saved : -1;
        if (saved > best + GRAMS_EPSILON) {
          best = saved;
          improved = true;
        } else {
          first.chosen = a;
          second.chosen = b;
        }
      }
    }
    if (!improved) break;
  }

  const { uses } = simulate();
  const horizonEnd = firstDay + request.days.length;
  return slots.flatMap((slot, index): PlannedEntry[] => {
    if (slot.leftover) {
      const { item } = slot.leftover;
      return [
        {
          day: slot.day,
          meal: slot.meal,
          recipeId: item.leftover!.recipeId,
          servings: item.leftover!.servings,
          leftoverOf: item.leftover!.dish,
          leftoverItemId: item.id,
          reason: `eats the ${item.name.toLowerCase()} due ${weekdayOf(item.bestBefore)}`,
          uses: [],
        },
      ];
    }
    if (!slot.chosen) return [];
    return [
      {
        day: slot.day,
        meal: slot.meal,
        recipeId: slot.chosen.recipe.id,
        servings: request.servings,
        leftoverOf: null,
        leftoverItemId: null,
        reason: reasonFor(uses[index], request.pantry, horizonEnd),
        uses: uses[index],
      },
    ];
  });
}

/** "uses the chicken due Tuesday and the spinach due Wednesday": the perishable food it saves, soonest first. */
function reasonFor(uses: readonly ItemUse[], pantry: readonly PlannerItem[], horizonEnd: number): string {
  const items = [...new Set(uses.map((use) => use.itemId))]
    .map((id) => pantry.find((item) => item.id === id)!)
    .filter((item) => item.perishable)
    .sort((a, b) => a.bestBefore.localeCompare(b.bestBefore));
  if (items.length === 0) {
    const kept = uses.length > 0 ? pantry.find((item) => item.id === uses[0].itemId) : undefined;
    return kept ? `uses the ${kept.name.toLowerCase()} you have` : "a dish you have not had this week";
  }
  const said = items.slice(0, 2).map((item) => {
    const due = dayNumber(item.bestBefore) < horizonEnd ? ` due ${weekdayOf(item.bestBefore)}` : "";
    return `the ${item.name.toLowerCase()}${due}`;
  });
  return `uses ${said.join(" and ")}`;
}

/**
 * Of the perishable food due by `lastDay` (the food at risk in the planned days), the grams eaten on or before their
 * date when the entries are cooked in order, and all those grams: the figure the planner is judged by
 * (bench/meal-plan.ts). Each entry takes its recipe's lines from the pantry as the planner does, soonest due first.
 */
export function perishableGramsSaved(
  entries: readonly { day: string; recipeId: number | null; servings: number }[],
  request: Pick<PlanRequest, "pantry" | "recipes" | "parentOf">,
  lastDay: string
): { saved: number; total: number } {
  const atRisk = (item: PlannerItem) => item.perishable && !item.leftover && item.bestBefore <= lastDay;
  const left = request.pantry.map((item) => item.grams ?? UNKNOWN_ITEM_GRAMS);
  const byKey = new Map<number, number[]>();
  request.pantry.forEach((item, index) => {
    if (item.ingredientId === null) return;
    for (const id of lineage(item.ingredientId, request.parentOf)) byKey.set(id, [...(byKey.get(id) ?? []), index]);
  });
  for (const indices of byKey.values())
    indices.sort((a, b) => request.pantry[a].bestBefore.localeCompare(request.pantry[b].bestBefore));
  const recipes = new Map(request.recipes.map((recipe) => [recipe.id, recipe]));
  const full = {
    ...request,
    diets: [],
    allergies: { groups: [], ingredientIds: [] },
    days: [],
    meals: [],
    servings: 1,
    kept: [],
  };
  let saved = 0;
  for (const entry of [...entries].sort((a, b) => a.day.localeCompare(b.day))) {
    const recipe = entry.recipeId === null ? undefined : recipes.get(entry.recipeId);
    if (!recipe) continue;
    const sources = itemsForLines(full, recipe, byKey);
    const factor = entry.servings / Math.max(1, recipe.servings);
    recipe.lines.forEach((line, lineIndex) => {
      let need = (line.grams ?? DEFAULT_LINE_GRAMS) * factor;
      for (const index of sources[lineIndex]) {
        const item = request.pantry[index];
        if (need <= 0) break;
        if (left[index] <= 0 || item.bestBefore < entry.day) continue;
        const grams = Math.min(left[index], need);
        need -= grams;
        left[index] -= grams;
        if (atRisk(item)) saved += grams;
      }
    });
  }
  const total = request.pantry.filter(atRisk).reduce((sum, item) => sum + (item.grams ?? UNKNOWN_ITEM_GRAMS), 0);
  return { saved, total };
}
