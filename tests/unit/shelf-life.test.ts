import { describe, expect, it } from "vitest";
import { getCatalogue } from "../../app/domain/catalogue-data";
import {
  bestBeforeAfterMove,
  daysLeft,
  defaultStorage,
  describeDaysLeft,
  estimateBestBefore,
  parseIsoDay,
  type ShelfLifeInfo,
  type Storage,
} from "../../app/domain/shelf-life";
import { checkShelfLife } from "../../prisma/tools/recipes-check";

const day = (text: string) => parseIsoDay(text)!;
const info = (fridge: number, freezer: number, cupboard: number): ShelfLifeInfo => ({
  shelfLife: { fridge, freezer, cupboard, opened: null, storage: "fridge" },
});
const chickenLike = info(2, 270, 0);

describe("days left", () => {
  it("counts calendar days, whatever the hour", () => {
    expect(daysLeft(day("2026-11-27"), new Date("2026-11-25T23:59:00Z"))).toBe(2);
    expect(daysLeft(new Date("2026-11-25T00:00:00Z"), new Date("2026-11-25T18:00:00Z"))).toBe(0);
    expect(daysLeft(day("2026-11-24"), day("2026-11-25"))).toBe(-1);
  });

  it("is said the way the pantry shows it", () => {
    expect(describeDaysLeft(0)).toBe("use today");
    expect(describeDaysLeft(1)).toBe("1 day");
    expect(describeDaysLeft(2)).toBe("2 days");
    expect(describeDaysLeft(-1)).toBe("expired 1 day ago");
    expect(describeDaysLeft(-3)).toBe("expired 3 days ago");
  });
});

describe("best-before estimate", () => {
  it("adds the days the place keeps the food to the day it was added", () => {
    expect(estimateBestBefore(chickenLike, "fridge", new Date("2026-11-25T20:00:00Z"))).toEqual(day("2026-11-27"));
    expect(estimateBestBefore(chickenLike, "freezer", day("2026-11-25"))).toEqual(day("2027-08-22"));
  });

  it("uses the catalogue's figures: chicken breast keeps two days in the fridge, carrots three weeks", () => {
    const catalogue = getCatalogue();
    const added = day("2026-11-25");
    const chicken = catalogue.byName("chicken breast")!;
    const carrot = catalogue.byName("carrot")!;
    expect(defaultStorage(chicken)).toBe("fridge");
    expect(estimateBestBefore(chicken, defaultStorage(chicken), added)).toEqual(day("2026-11-27"));
    expect(daysLeft(estimateBestBefore(carrot, "fridge", added), added)).toBe(21);
    expect(defaultStorage(catalogue.byName("rice")!)).toBe("cupboard");
    expect(defaultStorage(catalogue.byName("onion")!)).toBe("cupboard");
  });
});

describe("moving an item", () => {
  const today = day("2026-11-25");
  const move = (food: ShelfLifeInfo, from: Storage, to: Storage, bestBefore: string) =>
    bestBeforeAfterMove(food, { from, to, bestBefore: day(bestBefore), today });

  it("into the freezer gives it the freezer's time from today", () => {
    expect(move(chickenLike, "fridge", "freezer", "2026-11-26")).toEqual(day("2027-08-22"));
  });

  it("out of the freezer gives it the new place's time from today", () => {
    expect(move(chickenLike, "freezer", "fridge", "2027-05-01")).toEqual(day("2026-11-27"));
  });

  it("from the fridge to the cupboard only ever brings the date forward", () => {
    expect(move(info(14, 60, 0), "fridge", "cupboard", "2026-12-05")).toEqual(today);
    const apple = info(42, 240, 21);
    expect(move(apple, "cupboard", "fridge", "2026-11-30")).toEqual(day("2026-11-30"));
  });

  it("leaves expired food expired", () => {
    expect(move(chickenLike, "fridge", "freezer", "2026-11-24")).toEqual(day("2026-11-24"));
  });
});

describe("dates as typed", () => {
  it("accepts real days only", () => {
    expect(parseIsoDay("2026-02-28")).toEqual(new Date(Date.UTC(2026, 1, 28)));
    expect(parseIsoDay("2026-02-30")).toBeNull();
    expect(parseIsoDay("2026-2-3")).toBeNull();
    expect(parseIsoDay("tomorrow")).toBeNull();
  });
});

describe("catalogue data", () => {
  it("gives every ingredient usable figures and a parent that exists", () => {
    const report = checkShelfLife();
    expect(report.problems).toEqual([]);
    // FoodKeeper covers almost all of the catalogue; the rest is on a documented type default
    expect(report.onTypeDefault.length).toBeLessThan(getCatalogue().ingredients.length / 10);
  });

  it("records generic parents: pork for pork shoulder, chicken for chicken thigh, cheese for cheddar", () => {
    const catalogue = getCatalogue();
    expect(catalogue.byName("pork shoulder")!.parent).toBe("pork");
    expect(catalogue.byName("ground pork")!.parent).toBe("pork");
    expect(catalogue.byName("chicken thigh")!.parent).toBe("chicken");
    expect(catalogue.byName("cheddar")!.parent).toBe("cheese");
    expect(catalogue.byName("chicken stock")!.parent).toBeNull();
    expect(catalogue.byName("ham")!.parent).toBeNull();
  });
});
