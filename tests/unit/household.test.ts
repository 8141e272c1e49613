import { describe, expect, it } from "vitest";
import {
  checkHouseholdName,
  everyonesNeeds,
  nextOwner,
  planPantryMerge,
  suggestsForEveryone,
} from "~/domain/household";
import type { PantryItem } from "~/domain/pantry";
import { pantryItem } from "../support/pantry-item";

const item = (key: string, fields: Partial<PantryItem> = {}) =>
  pantryItem(key, { type: "Dairy", bestBefore: "2026-11-30", ...fields });

describe("joining a household's pantry", () => {
  it("adds the amounts of the same item in the same unit and keeps the earliest days", () => {
    const merge = planPantryMerge(
      [item("milk", { id: 1, quantity: 1, unit: "l", addedOn: "2026-11-22", bestBefore: "2026-11-29" })],
      [item("milk", { quantity: 0.5, unit: "l", addedOn: "2026-11-20", bestBefore: "2026-11-25" })]
    );
    expect(merge.added).toEqual([]);
    expect(merge.combined).toEqual([
      {
        before: expect.objectContaining({ id: 1 }),
        after: expect.objectContaining({
          id: 1,
          quantity: 1.5,
          unit: "l",
          addedOn: "2026-11-20",
          bestBefore: "2026-11-25",
        }),
        amountAdded: true,
      },
    ]);
  });

  it("does not guess across units: the household's amount stays, or the joiner's when the household had none", () => {
    const [grams] = planPantryMerge(
      [item("rice", { quantity: 500, unit: "g" })],
      [item("rice", { quantity: 1, unit: "kg" })]
    ).combined;
    expect(grams).toMatchObject({ amountAdded: false, after: { quantity: 500, unit: "g" } });
    const [unknown] = planPantryMerge([item("rice")], [item("rice", { quantity: 1, unit: "kg" })]).combined;
    expect(unknown).toMatchObject({ amountAdded: false, after: { quantity: 1, unit: "kg" } });
  });

  it("brings new items in, up to the pantry's limit", () => {
    const merge = planPantryMerge([item("milk")], [item("egg"), item("ham"), item("milk")], 2);
    expect(merge.added.map((added) => added.key)).toEqual(["egg"]);
    expect(merge.notCarried.map((left) => left.key)).toEqual(["ham"]);
    expect(merge.combined).toHaveLength(1);
  });
});

describe("households", () => {
  it("names: trimmed, spaces collapsed, not blank, at most 60 characters", () => {
    expect(checkHouseholdName("  The   Flat ")).toEqual({ ok: true, name: "The Flat" });
    expect(checkHouseholdName(" ")).toMatchObject({ ok: false, message: "Please enter a name for your household." });
    expect(checkHouseholdName(42)).toMatchObject({ ok: false });
    expect(checkHouseholdName("x".repeat(61))).toMatchObject({ ok: false });
  });

  it("passes ownership to the member who joined first", () => {
    const members = [
      { userId: 1, joinedAt: new Date("2026-01-01") },
      { userId: 3, joinedAt: new Date("2026-03-01") },
      { userId: 2, joinedAt: new Date("2026-02-01") },
    ];
    expect(nextOwner(members, 1)?.userId).toBe(2);
    expect(nextOwner([members[0]], 1)).toBeNull();
  });

  it("suggests for everyone by default only when there is someone else, and unites their needs", () => {
    expect(suggestsForEveryone(1, null)).toBe(false);
    expect(suggestsForEveryone(2, null)).toBe(true);
    expect(suggestsForEveryone(2, false)).toBe(false);
    expect(
      everyonesNeeds([
        { dietaryPreferences: ["Vegetarian"], allergies: ["Peanut "] },
        { dietaryPreferences: ["Vegetarian", "Lactose Intolerance"], allergies: ["peanut", "milk"] },
      ])
    ).toEqual({ dietaryPreferences: ["Lactose Intolerance", "Vegetarian"], allergies: ["milk", "peanut"] });
  });
});
