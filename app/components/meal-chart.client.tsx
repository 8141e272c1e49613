/** Home's line chart of meals per month, drawn with uPlot (browser only: the server renders the table instead). */
import { useMemo } from "react";
import type uPlot from "uplot";
import UplotReact from "uplot-react";
import { monthLabel, yAxis } from "~/domain/chart-axis";
import type { MonthlyMealStats } from "~/services/meal-stats.server";

const CHART_WIDTH = 314;
const CHART_HEIGHT = 220;

/** A design token's value (app/styles/app.css), so the chart follows the light or dark scheme like the page. */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

export function MealChart({ months }: { months: MonthlyMealStats["monthly_stats"] }) {
  const { options, data } = useMemo(() => {
    const labels = months.map(({ month }) => monthLabel(month));
    const counts = months.map(({ meal_count }) => meal_count);
    const indexes = months.map((_, index) => index);
    const axis = yAxis(counts);
    const [line, grid, text] = [token("--green"), token("--line"), token("--muted")];
    const options: uPlot.Options = {
      width: CHART_WIDTH,
      height: CHART_HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false, range: [-0.3, months.length - 0.7] }, y: { range: [0, axis.max] } },
      series: [{}, { label: "Meals", stroke: line, width: 2, points: { show: true, size: 7, fill: line } }],
      axes: [
        {
          stroke: text,
          ticks: { stroke: grid },
          splits: () => indexes,
          values: (_chart, splits) => splits.map((split) => labels[split] ?? ""),
          grid: { show: false },
        },
        {
          stroke: text,
          ticks: { stroke: grid },
          splits: () => axis.ticks,
          values: (_chart, splits) => splits.map(String),
          size: 36,
          grid: { stroke: grid, width: 1 },
        },
      ],
    };
    return { options, data: [indexes, counts] as uPlot.AlignedData };
  }, [months]);
  return <UplotReact options={options} data={data} />;
}
