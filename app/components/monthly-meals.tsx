/** Home's progress block: dishes made and CO2 saved this month, and meals per month as a chart and a table. */
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { MealChart } from "~/components/meal-chart.client";
import { monthLabel } from "~/domain/chart-axis";
import { co2SavedText, kgText } from "~/domain/co2-wording";
import type { MonthlyMealStats } from "~/services/meal-stats.server";

/**
 * The chart component, loaded (with uPlot) once the page is up so that Home's first load does not carry it;
 * null until then, and for good if the download fails: the table shows the same numbers.
 */
function useMealChart(wanted: boolean): typeof MealChart | null {
  const [chart, setChart] = useState<typeof MealChart | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let mounted = true;
    import("~/components/meal-chart.client").then(
      (module) => mounted && setChart(() => module.MealChart),
      () => {}
    );
    return () => {
      mounted = false;
    };
  }, [wanted]);
  return chart;
}

function dishesMadeText(count: number): string {
  return `You made ${count} ${count === 1 ? "dish" : "dishes"} this month`;
}

/** `stats` is null for a guest, who sees zeros and an invitation to log in. */
export function MonthlyMeals({ stats }: { stats: MonthlyMealStats | null }) {
  const MealChart = useMealChart(stats !== null);
  const current = stats?.current_month ?? { meal_count: 0, co2_saved: 0, rescued_kg: 0, wasted_kg: 0 };
  // The chart needs the browser; until it is there (or without JavaScript) the table shows the same numbers.
  const showChart = MealChart !== null && stats !== null;
  return (
    <section className="monthly-meals" aria-labelledby="monthly-meals-title">
      <h2 id="monthly-meals-title" className="visually-hidden">
        Your cooking this month
      </h2>
      <p className="monthly-meals-count">{dishesMadeText(current.meal_count)}</p>
      <p className="monthly-meals-co2">{co2SavedText(current.co2_saved)}</p>
      <dl className="monthly-meals-food">
        <div>
          <dt>Food rescued this month</dt>
          <dd>{kgText(current.rescued_kg)}</dd>
        </div>
        <div>
          <dt>Food wasted this month</dt>
          <dd>{kgText(current.wasted_kg)}</dd>
        </div>
      </dl>
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
          {showChart ? (
            <p className="monthly-meals-key" aria-hidden="true">
              Solid line: meals. Dashed, right axis: kg of food rescued (green) and wasted (red).
            </p>
          ) : null}
          <table className={showChart ? "visually-hidden" : "monthly-meals-table"}>
            <caption>Meals cooked per month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Meals</th>
                <th scope="col">Rescued</th>
                <th scope="col">Wasted</th>
              </tr>
            </thead>
            <tbody>
              {stats.monthly_stats.map(({ month, meal_count, rescued_kg, wasted_kg }) => (
                <tr key={month}>
                  <th scope="row">{monthLabel(month, true)}</th>
                  <td>{meal_count}</td>
                  <td>{kgText(rescued_kg)}</td>
                  <td>{kgText(wasted_kg)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
