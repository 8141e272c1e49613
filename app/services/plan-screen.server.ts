/**
 * /plan: this week's or next week's plan, and what its forms post (also "Plan it" on the recipe screen). Every
 * form answers with a redirect and a flash message, back to the screen it came from (decision 069: the route module
 * imports this server module alone).
 */
import { formatDayMonthYear } from "~/domain/dates";
import { parseId } from "~/domain/ids";
import { LEFTOVER_PREFIX } from "~/domain/leftovers";
import {
  addDaysTo,
  daysFrom,
  DEFAULT_PLAN_SERVINGS,
  ENTRY_NOT_FOUND,
  entryTitle,
  mondayOf,
  PlanFormSchema,
  type PlanEntryView,
} from "~/domain/meal-plan";
import { PLAN_MEALS, weekdayOf, type PlanMeal } from "~/domain/meal-planner";
import { todayUtc } from "~/domain/pantry-details";
import { servingsText } from "~/domain/servings";
import { prisma } from "./db.server";
import {
  addLeftoverEntry,
  addPlanEntry,
  lockPlanEntry,
  movePlanEntry,
  planEntries,
  removePlanEntry,
} from "./meal-plan.server";
import { existingFeedUrl, feedUrl, revokeFeed } from "./meal-plan-feed.server";
import { addWeekShopping, autoPlan } from "./meal-planning.server";
import { requireCook } from "./cook.server";
import { pantryItems } from "./pantry-store.server";
import { visibleTo } from "./recipe-access.server";
import { readForm } from "./request.server";
import { redirectWithFlash } from "./session.server";

export const PLAN_PATH = "/plan";
const NEXT_WEEK = "next";

/** The week shown: this week, or next week with ?week=next. */
function weekOf(url: URL): { from: string; next: boolean } {
  const next = url.searchParams.get("week") === NEXT_WEEK;
  const monday = mondayOf(todayUtc());
  return { from: next ? addDaysTo(monday, 7) : monday, next };
}

const planPath = (next: boolean) => (next ? `${PLAN_PATH}?week=${NEXT_WEEK}` : PLAN_PATH);

export interface PlanDay {
  day: string;
  weekday: string;
  date: string;
  isToday: boolean;
  /** each entry with its servings said ("1 serving", "2½ servings"), worded here to keep the quantity reader off the page */
  meals: { meal: PlanMeal; entries: ScreenEntry[] }[];
}

type ScreenEntry = PlanEntryView & { servingsText: string };

export async function planScreen(request: Request) {
  const cook = await requireCook(request);
  const { userId } = cook;
  const url = new URL(request.url);
  const { from, next } = weekOf(url);
  const today = todayUtc();
  const [entries, pantry, feed, adding] = await Promise.all([
    planEntries(cook, from, 7),
    pantryItems(cook.pantryId),
    existingFeedUrl(request, cook),
    recipeToAdd(userId, url.searchParams.get("add")),
  ]);
  const days: PlanDay[] = daysFrom(from, 7).map((day) => ({
    day,
    weekday: weekdayOf(day),
    date: formatDayMonthYear(day),
    isToday: day === today,
    meals: PLAN_MEALS.map((meal) => ({
      meal,
      entries: entries
        .filter((entry) => entry.day === day && entry.meal === meal)
        .map((entry) => ({ ...entry, servingsText: servingsText(entry.servings) })),
    })),
  }));
  const leftovers = pantry
    .filter((item) => item.type === "Other" && item.name.startsWith(LEFTOVER_PREFIX) && item.id !== null)
    .map((item) => ({ id: item.id!, name: item.name, bestBefore: formatDayMonthYear(item.bestBefore) }));
  // planning and shopping look ahead: this week from today, next week whole
  const planFrom = next || today < from ? from : today;
  return {
    from,
    planFrom,
    planDays: 7 - daysFrom(from, 7).indexOf(planFrom),
    next,
    path: planPath(next),
    days,
    dayChoices: daysFrom(from, 7).map((day) => ({ day, label: `${weekdayOf(day)} ${formatDayMonthYear(day)}` })),
    defaultDay: today >= from && today < addDaysTo(from, 7) ? today : from,
    leftovers,
    feed,
    adding,
    servings: DEFAULT_PLAN_SERVINGS,
  };
}

async function recipeToAdd(userId: number, id: string | null) {
  const recipeId = parseId(id ?? undefined);
  if (recipeId === null) return null;
  return prisma.recipe.findFirst({ where: { id: recipeId, ...visibleTo(userId) }, select: { id: true, name: true } });
}

/** A recipe the cook may see, by its name as typed (any case). */
async function recipeNamed(userId: number, typed: string) {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return null;
  const exact = await prisma.recipe.findFirst({
    where: { name: typed.trim(), ...visibleTo(userId) },
    select: { id: true },
  });
  if (exact) return exact.id;
  const names = await prisma.recipe.findMany({ where: visibleTo(userId), select: { id: true, name: true } });
  return (
    (
      names.find((recipe) => recipe.name.toLowerCase() === wanted) ??
      names.find((recipe) => recipe.name.toLowerCase().includes(wanted))
    )?.id ?? null
  );
}

/** Where a form goes back to: a path of this site named in `back`, else the plan's week. */
function backTo(formData: FormData, fallback: string): string {
  const back = formData.get("back");
  return typeof back === "string" && /^\/(?!\/)[\w\-./?=&#%]*$/.test(back) ? back : fallback;
}

const slotName = (day: string, meal: string) => `${weekdayOf(day)} ${formatDayMonthYear(day)}, ${meal.toLowerCase()}`;

export async function changePlan(request: Request): Promise<Response> {
  const cook = await requireCook(request);
  const { userId } = cook;
  const formData = await readForm(request);
  const fallback = planPath(weekOf(new URL(request.url)).next);
  const back = backTo(formData, fallback);
  const say = (type: "success" | "error", message: string) => redirectWithFlash(back, { type, message });
  // "add" from the plan names the recipe; from the recipe screen or a card, its id
  if (formData.get("intent") === "add" && !formData.get("menu_id") && typeof formData.get("recipe") === "string") {
    const id = await recipeNamed(userId, String(formData.get("recipe")));
    if (id === null) return say("error", `No recipe is called “${String(formData.get("recipe")).trim()}”.`);
    formData.set("menu_id", String(id));
  }
  const parsed = PlanFormSchema.safeParse(
    Object.fromEntries(
      [...formData.keys()].map((key) => {
        const values = formData.getAll(key);
        return [key, key === "meals" ? values : values[0]];
      })
    )
  );
  if (!parsed.success) return say("error", parsed.error.issues[0].message);
  const form = parsed.data;
  switch (form.intent) {
    case "add": {
      const added = await addPlanEntry(cook, {
        day: form.day,
        meal: form.meal as PlanMeal,
        recipeId: form.menu_id,
        servings: form.servings,
      });
      if (!added.ok) return say("error", added.message);
      return say("success", `${added.entry.recipeName} is planned for ${slotName(form.day, form.meal)}.`);
    }
    case "add-leftover": {
      const item = (await pantryItems(cook.pantryId)).find((held) => held.id === form.item);
      if (!item || !item.name.startsWith(LEFTOVER_PREFIX))
        return say("error", "Those leftovers are no longer in your pantry.");
      const dish = item.name.slice(LEFTOVER_PREFIX.length);
      const recipe = await prisma.recipe.findFirst({
        where: { name: dish, ...visibleTo(userId) },
        select: { id: true },
      });
      const added = await addLeftoverEntry(cook, {
        day: form.day,
        meal: form.meal as PlanMeal,
        dish,
        recipeId: recipe?.id ?? null,
        servings: Math.max(1, Math.round(item.quantity ?? 1)),
      });
      if (!added.ok) return say("error", added.message);
      return say("success", `${entryTitle(added.entry)} is planned for ${slotName(form.day, form.meal)}.`);
    }
    case "move": {
      const moved = await movePlanEntry(cook, form.entry, { day: form.day, meal: form.meal as PlanMeal });
      if (!moved.ok) return say("error", moved.message);
      return say("success", `${entryTitle(moved.entry)} moved to ${slotName(form.day, form.meal)}.`);
    }
    case "remove":
      return (await removePlanEntry(cook, form.entry))
        ? say("success", "Removed from your plan.")
        : say("error", ENTRY_NOT_FOUND);
    case "lock": {
      const locked = await lockPlanEntry(cook, form.entry, form.locked === "true");
      if (!locked.ok) return say("error", locked.message);
      return say(
        "success",
        locked.entry.locked
          ? `${entryTitle(locked.entry)} is locked: planning again keeps it.`
          : `${entryTitle(locked.entry)} is unlocked.`
      );
    }
    case "auto": {
      const planned = await autoPlan(cook, {
        from: form.from,
        days: form.days,
        meals: form.meals,
        servings: DEFAULT_PLAN_SERVINGS,
      });
      return say(
        "success",
        planned.length === 0
          ? "Nothing new to plan: every chosen meal is locked or no recipe fits."
          : `Planned ${planned.length} ${planned.length === 1 ? "meal" : "meals"}, the food due soonest first.`
      );
    }
    case "shopping": {
      const { added, alreadyListed, needs } = await addWeekShopping(cook, form.from, form.days);
      if (needs.length === 0) return say("success", "Your pantry has everything the plan needs.");
      const listed = alreadyListed.length > 0 ? ` ${alreadyListed.length} already on your list.` : "";
      return say(
        "success",
        `Added ${added.length} ${added.length === 1 ? "item" : "items"} to your shopping list.${listed}`
      );
    }
    case "feed":
      await feedUrl(request, cook);
      return say("success", "Your calendar address is ready: add it to your phone's calendar.");
    case "revoke-feed":
      await revokeFeed(cook);
      return say("success", "The calendar address no longer works. Make a new one whenever you like.");
  }
}
