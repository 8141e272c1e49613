import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { axisMax, monthLabel, tickCount, yAxis } from "../../app/domain/chart-axis";

describe("axisMax", () => {
  it("steps through 5, 10 and 20 for small counts", () => {
    expect([0, 1, 5].map(axisMax)).toEqual([5, 5, 5]);
    expect([6, 10].map(axisMax)).toEqual([10, 10]);
    expect([11, 20].map(axisMax)).toEqual([20, 20]);
  });

  it("rounds up to a multiple of 10 up to 50", () => {
    expect([21, 30, 31, 40, 41, 49, 50].map(axisMax)).toEqual([30, 30, 40, 40, 50, 50, 50]);
  });

  it("rounds up to a multiple of 20 beyond 50", () => {
    expect([51, 60, 61, 80, 99, 100, 101].map(axisMax)).toEqual([60, 60, 80, 80, 100, 100, 120]);
  });
});

describe("tickCount", () => {
  it("is 6 for 5, 10, 30 and 50, and 5 for multiples of 20", () => {
    expect([5, 10, 30, 50].map(tickCount)).toEqual([6, 6, 6, 6]);
    expect([20, 40, 60, 80, 100, 120].map(tickCount)).toEqual([5, 5, 5, 5, 5, 5]);
  });
});

describe("yAxis", () => {
  it("spaces the ticks evenly from 0 to the maximum", () => {
    expect(yAxis([0, 0, 0])).toEqual({ max: 5, ticks: [0, 1, 2, 3, 4, 5] });
    expect(yAxis([])).toEqual({ max: 5, ticks: [0, 1, 2, 3, 4, 5] });
    expect(yAxis([3, 7, 2])).toEqual({ max: 10, ticks: [0, 2, 4, 6, 8, 10] });
    expect(yAxis([12])).toEqual({ max: 20, ticks: [0, 5, 10, 15, 20] });
    expect(yAxis([25])).toEqual({ max: 30, ticks: [0, 6, 12, 18, 24, 30] });
    expect(yAxis([33])).toEqual({ max: 40, ticks: [0, 10, 20, 30, 40] });
    expect(yAxis([45])).toEqual({ max: 50, ticks: [0, 10, 20, 30, 40, 50] });
    expect(yAxis([61])).toEqual({ max: 80, ticks: [0, 20, 40, 60, 80] });
  });

  it("always fits the largest count and ticks on whole numbers", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 10_000 }), { maxLength: 12 }), (counts) => {
        const { max, ticks } = yAxis(counts);
        expect(max).toBeGreaterThanOrEqual(Math.max(0, ...counts));
        expect([5, 6]).toContain(ticks.length);
        expect(ticks[0]).toBe(0);
        expect(ticks.at(-1)).toBe(max);
        for (const tick of ticks) expect(Number.isInteger(tick)).toBe(true);
      })
    );
  });
});

describe("monthLabel", () => {
  it("names the month of a YYYY-MM key, with the year when asked", () => {
    expect(monthLabel("2025-03")).toBe("Mar");
    expect(monthLabel("2024-12", true)).toBe("Dec 2024");
  });
});
