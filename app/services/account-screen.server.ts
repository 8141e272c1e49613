/**
 * Everything the account screen shows, its list of details already worded: the screen's route module imports only
 * this server module for its loader, so that its JavaScript carries neither the formatters nor a chunk per service
 * (decision 069).
 */
import { kgText } from "~/domain/co2-wording";
import { formatDayMonthYear } from "~/domain/dates";
import { isEmailVerified } from "./email-verification.server";
import { cookOfUser } from "./cook.server";
import { mealStats, monthlyMealStats } from "./meal-stats.server";
import { requireProfile } from "./users.server";

const NOT_SET = "Not set";

export async function accountScreen(request: Request) {
  const profile = await requireProfile(request);
  const [stats, monthly, emailVerified] = await Promise.all([
    mealStats(profile.user_id),
    cookOfUser(profile.user_id).then(monthlyMealStats),
    isEmailVerified(profile.user_id),
  ]);
  const { rescued_kg, wasted_kg } = monthly.current_month;
  const mostCooked = stats.most_cooked;
  const details: [term: string, value: string][] = [
    ["Email", profile.email],
    ["Phone", profile.phone_number || NOT_SET],
    ["Birth date", profile.birth_date ? formatDayMonthYear(profile.birth_date) : NOT_SET],
    ["Country", profile.country || NOT_SET],
    ["Meals completed", String(stats.total_completed)],
    [
      "Frequently cooked",
      mostCooked
        ? `${mostCooked.menu_name} (${mostCooked.cook_count} ${mostCooked.cook_count === 1 ? "time" : "times"})`
        : "Nothing yet",
    ],
    ["Food rescued this month", kgText(rescued_kg)],
    ["Food wasted this month", kgText(wasted_kg)],
  ];
  return { profile, details, emailVerified };
}
