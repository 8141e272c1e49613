/** Home's progress block: dishes made and CO2 saved this month, and meals per month as a chart and a table. */
import { Link } from "@remix-run/react";
import { useHydrated } from "~/components/forms";
import { MealChart } from "~/components/meal-chart.client";
import { monthLabel } from "~/domain/chart-axis";
import type { MonthlyMealStats } from "~/services/meal-stats.server";

function dishesMadeText(count: number): string {
  return `You made ${count} ${count === 1 ? "dish" : "dishes"} this month`;
}

function co2SavedText(kilograms: number): string {
  return `Around ${kilograms.toFixed(1)} kg of CO2 saved!`;
}

/** `stats` is null for a guest, who sees zeros and an invitation to log in. */
export function MonthlyMeals({ stats }: { stats: MonthlyMealStats | null }) {
  const hydrated = useHydrated();
  const current = stats?.current_month ?? { meal_count: 0, co2_saved: 0 };
  // The chart needs the browser; until then (or without JavaScript) the table shows the same numbers.
  const showChart = hydrated && stats !== null;
  return (
    <section className="monthly-meals" aria-labelledby="monthly-meals-title">
      <h2 id="monthly-meals-title" className="visually-hidden">Your cooking this month</h2>
      <p className="monthly-meals-count">{dishesMadeText(current.meal_count)}</p>
      <p className="monthly-meals-co2">{co2SavedText(current.co2_saved)}</p>
      {stats === null ? (
        <p className="monthly-meals-guest">
          <Link to="/login">Log in</Link> to keep track of the dishes you cook and the CO2 you save.
        </p>
      ) : (
        <>
          {showChart ? (
            <div className="monthly-meals-chart" aria-hidden="true">
              <MealChart months={stats.monthly_stats} />
            </div>
          ) : null}
          <table className={showChart ? "visually-hidden" : "monthly-meals-table"}>
            <caption>Meals cooked per month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Meals</th>
              </tr>
            </thead>
            <tbody>
              {stats.monthly_stats.map(({ month, meal_count }) => (
                <tr key={month}>
                  <th scope="row">{monthLabel(month, true)}</th>
                  <td>{meal_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
