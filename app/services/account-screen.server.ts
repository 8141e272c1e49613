/**
 * Everything the account screen shows, the dates and weights already worded: the screen's route module imports
 * only this server module for its loader, so that its JavaScript carries neither the formatters nor a chunk per
 * service (decision 069).
 */
import { kgText } from "~/domain/co2-wording";
import { formatDayMonthYear } from "~/domain/dates";
import { isEmailVerified } from "./email-verification.server";
import { mealStats, monthlyMealStats } from "./meal-stats.server";
import { requireProfile } from "./users.server";

export async function accountScreen(request: Request) {
  const profile = await requireProfile(request);
  const [stats, monthly, emailVerified] = await Promise.all([
    mealStats(profile.user_id),
    monthlyMealStats(profile.user_id),
    isEmailVerified(profile.user_id),
  ]);
  const { rescued_kg, wasted_kg } = monthly.current_month;
  return {
    profile,
    birthDate: profile.birth_date ? formatDayMonthYear(profile.birth_date) : null,
    stats,
    food: { rescued: kgText(rescued_kg), wasted: kgText(wasted_kg) },
    emailVerified,
  };
}
