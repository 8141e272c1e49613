/** Home's line chart of meals per month with kg of food rescued and wasted (second axis), drawn with uPlot (browser only: the server renders the table instead). */
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
    const rescued = months.map(({ rescued_kg }) => rescued_kg);
    const wasted = months.map(({ wasted_kg }) => wasted_kg);
    const axis = yAxis(counts);
    const kgAxis = yAxis([...rescued, ...wasted].map((kg) => Math.ceil(kg)));
    const [line, grid, text, waste] = [token("--green"), token("--line"), token("--muted"), token("--danger")];
    const options: uPlot.Options = {
      width: CHART_WIDTH,
      height: CHART_HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: [-0.3, months.length - 0.7] },
        y: { range: [0, axis.max] },
        kg: { range: [0, kgAxis.max] },
      },
      series: [
        {},
        { label: "Meals", stroke: line, width: 2, points: { show: true, size: 7, fill: line } },
        {
          label: "Rescued kg",
          scale: "kg",
          stroke: line,
          width: 1,
          dash: [6, 4],
          points: { show: true, size: 5, fill: line },
        },
        {
          label: "Wasted kg",
          scale: "kg",
          stroke: waste,
          width: 1,
          dash: [2, 3],
          points: { show: true, size: 5, fill: waste },
        },
      ],
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
        {
          scale: "kg",
          side: 1,
          stroke: text,
          ticks: { stroke: grid },
          splits: () => kgAxis.ticks,
          values: (_chart, splits) => splits.map((split) => `${split} kg`),
          size: 44,
          grid: { show: false },
        },
      ],
    };
    return { options, data: [indexes, counts, rescued, wasted] as uPlot.AlignedData };
  }, [months]);
  return <UplotReact options={options} data={data} />;
}
