/**
 * "Plan my week": chooses a recipe (or leftovers) for each chosen meal of the coming days so that the food due
 * soonest is eaten soonest. Pure: the caller hands in the pantry, the cookbook and the cook's rules; nothing here
 * reads a database. docs/meal-plan.md explains the choices with worked examples.
 *
 * A beam search over whole weeks fills the slots in time order, keeping the partial plans that have eaten most food
 * due within the planned days by its date; then single entries are replaced or swapped while that figure grows
 * (decision 107). Amounts are tracked: what an earlier slot used is gone for later ones, and a partly used item
 * keeps its rest.
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
/** What a gram of food that keeps counts, beside perishable food's 1 / (slots left before its date)². */
const KEEPING_WEIGHT = 0.01;
/** Slots cooked at most by the search over whole weeks (about 0.3 s on a large cookbook); then the plan stands. */
const SEARCH_STEPS = 600_000;
/** Plans kept in the beam, recipes each grows by per slot, and recipes looked at per slot (chosen at the lead). */
const BEAM_WIDTH = 30;
const BRANCHES = 8;
const POOL = 40;
/** In the beam's ranking: a gram at risk let pass its date beside a gram eaten, and the weighted value's share. */
const LOST_WEIGHT = 3;
const VALUE_WEIGHT = 0.1;
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

/** `lineage` remembered per ingredient: a large cookbook asks for the same ones many times. */
function lineages(parentOf: (id: number) => number | null): (id: number) => number[] {
  const known = new Map<number, number[]>();
  return (id) => {
    let chain = known.get(id);
    if (!chain) known.set(id, (chain = lineage(id, parentOf)));
    return chain;
  };
}

/** Per recipe line, the pantry items that can stand for it (the same food, a kind of it, or what it is a kind of). */
function itemsForLines(
  request: Pick<PlanRequest, "pantry">,
  recipe: PlannerRecipe,
  byKey: Map<number, number[]>,
  lineageOf: (id: number) => number[]
): number[][] {
  return recipe.lines.map((line) => {
    if (line.staple) return NONE;
    const chain = lineageOf(line.ingredientId);
    let found: number[] | null = null;
    for (const [position, id] of chain.entries()) {
      for (const index of byKey.get(id) ?? NONE) {
        // below the line's own ingredient, only the more general food itself stands for it
        if (position > 0 && request.pantry[index].ingredientId !== id) continue;
        if (!found) found = [index];
        else if (!found.includes(index)) found.push(index);
      }
    }
    return found ?? NONE;
  });
}
const NONE: number[] = [];

interface Candidate {
  recipe: PlannerRecipe;
  /** the meals it is eaten at (fitsMeal) */
  meals: ReadonlySet<PlanMeal>;
  /** per line, pantry item indices, soonest due first */
  sources: number[][];
  missing: number;
}

function allowed(request: PlanRequest, recipe: PlannerRecipe, lineageOf: (id: number) => number[]): boolean {
  if (!request.diets.every((diet) => recipe.diets.includes(diet))) return false;
  if (recipe.allergenGroups.some((group) => request.allergies.groups.includes(group))) return false;
  const banned = request.allergies.ingredientIds;
  return (
    banned.length === 0 || !recipe.lines.some((line) => lineageOf(line.ingredientId).some((id) => banned.includes(id)))
  );
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
  const lineageOf = lineages(request.parentOf);
  const byKey = new Map<number, number[]>();
  request.pantry.forEach((item, index) => {
    if (item.ingredientId === null || item.leftover) return;
    for (const id of lineageOf(item.ingredientId)) byKey.set(id, [...(byKey.get(id) ?? []), index]);
  });
  for (const indices of byKey.values()) indices.sort((a, b) => dueIndex[a] - dueIndex[b]);

  const candidates: Candidate[] = [];
  const recipesById = new Map<number, Candidate>();
  for (const recipe of request.recipes) {
    if (!allowed(request, recipe, lineageOf)) continue;
    const sources = itemsForLines(request, recipe, byKey, lineageOf);
    const missing = recipe.lines.filter((line, index) => !line.staple && sources[index].length === 0).length;
    const fits = new Set(meals.filter((meal) => fitsMeal(recipe.occasions, meal)));
    const candidate = { recipe, meals: fits, sources, missing };
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

  /** Perishable food due within the planned days: what the plan is judged by. */
  const atRisk = request.pantry.map(
    (item, index) => item.perishable && !item.leftover && dueIndex[index] < request.days.length
  );

  /**
   * Takes what the recipe's lines use from `pantryLeft` at this slot (`take` false only measures it): the weighted
   * value of the food (perishable food's grams over the slots left before its date, squared), the grams at risk it
   * eats by their date, and its uses.
   */
  const useFood = (
    candidate: Candidate,
    servings: number,
    dayIndex: number,
    slotsBefore: (due: number) => number,
    take: boolean,
    pantryLeft: number[] = left
  ) => {
    const factor = servings / Math.max(1, candidate.recipe.servings);
    const uses: ItemUse[] = [];
    let value = 0;
    let saved = 0;
    const { lines } = candidate.recipe;
    for (let lineIndex = 0; lineIndex < lines.length; lineIndex++) {
      const sources = candidate.sources[lineIndex];
      if (sources.length === 0) continue;
      let need = (lines[lineIndex].grams ?? DEFAULT_LINE_GRAMS) * factor;
      for (const index of sources) {
        if (need <= 0) break;
        if (pantryLeft[index] <= 0 || dueIndex[index] < dayIndex) continue;
        const grams = Math.min(pantryLeft[index], need);
        need -= grams;
        const item = request.pantry[index];
        value += grams * (item.perishable ? 1 / slotsBefore(dueIndex[index]) ** 2 : KEEPING_WEIGHT);
        if (atRisk[index]) saved += grams;
        if (take) {
          uses.push({ itemId: item.id, grams });
          pantryLeft[index] -= grams;
        }
      }
    }
    return { value, saved, uses };
  };

  interface Slot {
    day: string;
    meal: PlanMeal;
    dayIndex: number;
    slotsBefore: (due: number) => number;
    kept?: KeptEntry;
    leftover?: { item: PlannerItem; index: number };
    chosen?: Candidate;
  }
  const slots: Slot[] = [];
  const leftovers = request.pantry
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.leftover)
    .sort((a, b) => dueIndex[a.index] - dueIndex[b.index]);
  const leftoverMeal = (["Lunch", "Dinner", "Breakfast"] as const).find((choice) => meals.includes(choice));
  const leftoverEaten = new Set<number>();
  request.days.forEach((day, dayIndex) => {
    meals.forEach((meal, mealIndex) => {
      const slotsBefore = (due: number) => Math.max(1, (due - dayIndex) * meals.length + (meals.length - mealIndex));
      const slot: Slot = { day, meal, dayIndex, slotsBefore, kept: keptAt.get(`${day}|${meal}`) };
      slots.push(slot);
      if (slot.kept || meal !== leftoverMeal) return;
      slot.leftover = leftovers.find(({ index }) => !leftoverEaten.has(index) && dueIndex[index] >= dayIndex);
      if (slot.leftover) leftoverEaten.add(slot.leftover.index);
    });
  });

  // A beam search over whole weeks, slot by slot in time order. Each plan in the beam grows by the few recipes worth
  // most at the next slot (by the weighted value above, a star of rating and the ingredients to buy); the beam keeps
  // the plans that have eaten most food at risk by its date, less the food at risk they have let pass its date.
  interface Partial {
    left: number[];
    chosen: (Candidate | undefined)[];
    used: Set<number>;
    saved: number;
    lost: number;
    value: number;
  }
  const rank = (plan: Partial) => plan.saved - LOST_WEIGHT * plan.lost + VALUE_WEIGHT * plan.value;
  const lostBy = (pantryLeft: number[], dayIndex: number) =>
    pantryLeft.reduce((sum, grams, index) => (atRisk[index] && dueIndex[index] < dayIndex ? sum + grams : sum), 0);
  let beam: Partial[] = [{ left: [...left], chosen: [], used: new Set(used), saved: 0, lost: 0, value: 0 }];
  slots.forEach((slot, slotIndex) => {
    const nextDay = slots[slotIndex + 1]?.dayIndex ?? request.days.length;
    const settle = (plan: Partial) => ({ ...plan, lost: lostBy(plan.left, nextDay) });
    if (slot.kept || slot.leftover) {
      const candidate = slot.kept ? recipesById.get(slot.kept.recipeId ?? -1) : undefined;
      beam = beam.map((plan) => {
        const cooked = candidate
          ? useFood(candidate, slot.kept!.servings, slot.dayIndex, slot.slotsBefore, true, plan.left)
          : { saved: 0 };
        return settle({ ...plan, saved: plan.saved + cooked.saved });
      });
      return;
    }
    const clashes = (plan: Partial, protein: string | null) =>
      protein !== null &&
      (proteinClash(slot.dayIndex, protein) ||
        plan.chosen.some(
          (other, index) => other?.recipe.mainProtein === protein && slot.dayIndex - slots[index].dayIndex <= 1
        ));
    // the recipes any plan of the beam may take here: the best at the beam's leading plan
    const lead = beam[0];
    const worth = (plan: Partial, candidate: Candidate) =>
      baseScore(candidate) +
      useFood(candidate, request.servings, slot.dayIndex, slot.slotsBefore, false, plan.left).value;
    const pool = users
      .filter((candidate) => !lead.used.has(candidate.recipe.id) && candidate.meals.has(slot.meal))
      .map((candidate) => ({ candidate, score: worth(lead, candidate) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, POOL)
      .map(({ candidate }) => candidate);
    const grown: Partial[] = [];
    for (const plan of beam) {
      const choose = (strict: boolean) => {
        const fits = (candidate: Candidate) =>
          !plan.used.has(candidate.recipe.id) &&
          candidate.meals.has(slot.meal) &&
          (!strict || !clashes(plan, candidate.recipe.mainProtein));
        const scored = pool.filter(fits).map((candidate) => ({ candidate, score: worth(plan, candidate) }));
        const fallback = byBase.find(fits);
        if (fallback) scored.push({ candidate: fallback, score: baseScore(fallback) });
        return scored.sort((a, b) => b.score - a.score).slice(0, BRANCHES);
      };
      const choices = choose(true);
      for (const { candidate, score } of choices.length > 0 ? choices : choose(false)) {
        const next = [...plan.left];
        const cooked = useFood(candidate, request.servings, slot.dayIndex, slot.slotsBefore, true, next);
        const chosen = [...plan.chosen];
        chosen[slotIndex] = candidate;
        grown.push(
          settle({
            left: next,
            chosen,
            used: new Set(plan.used).add(candidate.recipe.id),
            saved: plan.saved + cooked.saved,
            lost: 0,
            value: plan.value + score,
          })
        );
      }
      if (choices.length === 0 && grown.length === 0) grown.push(settle(plan));
    }
    beam = grown.length > 0 ? grown.sort((a, b) => rank(b) - rank(a)).slice(0, BEAM_WIDTH) : beam.map(settle);
  });
  const planned = beam[0];
  slots.forEach((slot, index) => (slot.chosen = planned.chosen[index]));
  used.clear();
  for (const entry of request.kept) if (entry.recipeId !== null) used.add(entry.recipeId);
  for (const candidate of planned.chosen) if (candidate) used.add(candidate.recipe.id);

  const candidateAt = (slot: Slot) => (slot.kept ? recipesById.get(slot.kept.recipeId ?? -1) : slot.chosen);
  /** `left` before each slot, and the at-risk grams eaten by its date before it, from the last full cook-through. */
  const leftBefore: number[][] = [];
  const savedBefore: number[] = [];
  let steps = 0;

  /** Cooks slot `index` from `left`: the at-risk grams it eats by their date, and its uses. */
  const cookSlot = (index: number) => {
    const slot = slots[index];
    steps++;
    if (slot.leftover) left[slot.leftover.index] = 0;
    const candidate = candidateAt(slot);
    if (!candidate) return { saved: 0, uses: [] as ItemUse[] };
    const servings = slot.kept?.servings ?? request.servings;
    return useFood(candidate, servings, slot.dayIndex, slot.slotsBefore, true);
  };
  /** Cooks the whole plan in order from the full pantry, keeping what each slot starts from. */
  const cookThrough = () => {
    left.splice(0, left.length, ...request.pantry.map((item) => item.grams ?? UNKNOWN_ITEM_GRAMS));
    let saved = 0;
    const uses = slots.map((_, index) => {
      leftBefore[index] = [...left];
      savedBefore[index] = saved;
      const cooked = cookSlot(index);
      saved += cooked.saved;
      return cooked.uses;
    });
    return { saved, uses };
  };
  /** The plan's figure when only slots from `from` on changed since the last cook-through. */
  const savedFrom = (from: number) => {
    const start = leftBefore[from];
    for (let index = 0; index < left.length; index++) left[index] = start[index];
    let saved = savedBefore[from];
    for (let index = from; index < slots.length; index++) saved += cookSlot(index).saved;
    return saved;
  };

  const mainProtein = (slot: Slot) => candidateAt(slot)?.recipe.mainProtein ?? null;
  const varied = (slot: Slot, protein: string | null) =>
    protein === null ||
    !slots.some(
      (other) => other !== slot && Math.abs(other.dayIndex - slot.dayIndex) <= 1 && mainProtein(other) === protein
    );
  /** Per meal, the allowed recipes that can eat food at risk: the only ones that can raise the figure. */
  const rescuers = new Map(
    meals.map((meal) => [
      meal,
      users.filter(
        (candidate) =>
          candidate.meals.has(meal) && candidate.sources.some((indices) => indices.some((index) => atRisk[index]))
      ),
    ])
  );
  const changeable = slots.flatMap((slot, index) => (slot.chosen ? [index] : []));

  // The search over whole weeks: from the greedy plan, take the best replacement of one entry by any recipe that can
  // eat food at risk, or the best swap of two entries, while more perishable food is then eaten by its date. Each
  // trial cooks the plan again from the changed slot on; SEARCH_STEPS bounds the work on a large cookbook.
  let best = cookThrough().saved;
  for (let improved = true; improved && steps < SEARCH_STEPS; ) {
    improved = false;
    for (const index of changeable) {
      const slot = slots[index];
      const before = slot.chosen!;
      let bestChoice: Candidate | null = null;
      let bestSaved = best + GRAMS_EPSILON;
      for (const other of rescuers.get(slot.meal)!) {
        if (steps >= SEARCH_STEPS) break;
        if (used.has(other.recipe.id) || !varied(slot, other.recipe.mainProtein)) continue;
        // one that eats no food at risk here is not worth cooking the rest of the week for
        steps++;
        if (useFood(other, request.servings, slot.dayIndex, slot.slotsBefore, false, leftBefore[index]).saved <= 0)
          continue;
        slot.chosen = other;
        const saved = savedFrom(index);
        if (saved > bestSaved) {
          bestSaved = saved;
          bestChoice = other;
        }
      }
      slot.chosen = bestChoice ?? before;
      if (bestChoice) {
        used.delete(before.recipe.id);
        used.add(bestChoice.recipe.id);
        best = cookThrough().saved;
        improved = true;
      }
    }
    for (const [position, firstIndex] of changeable.entries()) {
      for (const secondIndex of changeable.slice(position + 1)) {
        if (steps >= SEARCH_STEPS) break;
        const first = slots[firstIndex];
        const second = slots[secondIndex];
        const a = first.chosen!;
        const b = second.chosen!;
        if (!a.meals.has(second.meal) || !b.meals.has(first.meal)) continue;
        first.chosen = b;
        second.chosen = a;
        const saved =
          varied(first, b.recipe.mainProtein) && varied(second, a.recipe.mainProtein) ? savedFrom(firstIndex) : -1;
        if (saved > best + GRAMS_EPSILON) {
          best = cookThrough().saved;
          improved = true;
        } else {
          first.chosen = a;
          second.chosen = b;
        }
      }
    }
  }

  const { uses } = cookThrough();
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
  const lineageOf = lineages(request.parentOf);
  const byKey = new Map<number, number[]>();
  request.pantry.forEach((item, index) => {
    if (item.ingredientId === null) return;
    for (const id of lineageOf(item.ingredientId)) byKey.set(id, [...(byKey.get(id) ?? []), index]);
  });
  for (const indices of byKey.values())
    indices.sort((a, b) => request.pantry[a].bestBefore.localeCompare(request.pantry[b].bestBefore));
  const recipes = new Map(request.recipes.map((recipe) => [recipe.id, recipe]));
  let saved = 0;
  for (const entry of [...entries].sort((a, b) => a.day.localeCompare(b.day))) {
    const recipe = entry.recipeId === null ? undefined : recipes.get(entry.recipeId);
    if (!recipe) continue;
    const sources = itemsForLines(request, recipe, byKey, lineageOf);
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
