import { describe, expect, it } from "vitest";
import type { RecipeDraft } from "~/domain/recipe-analysis";
import { visitMayBeRecorded } from "~/domain/recipe-visit";
import { userRecipeProblem, withoutBidiControls } from "~/domain/user-recipe";

const draft = (extra: Partial<RecipeDraft> = {}): RecipeDraft => ({
  name: "Tomato Soup",
  cuisines: [],
  occasions: [],
  ingredients: [{ name: "tomato", quantity: "4" }],
  steps: ["Simmer."],
  tips: [],
  origin: "user",
  importedById: 1,
  ...extra,
});

describe("userRecipeProblem", () => {
  it("accepts a recipe a person could cook", () => {
    expect(userRecipeProblem(draft({ prepTime: 1440, cookingTime: 0 }))).toBeNull();
  });

  it.each([
    [
      { ingredients: Array.from({ length: 20_000 }, (_, i) => ({ name: `item ${i}`, quantity: "1" })) },
      "A recipe can list at most 60 ingredients.",
    ],
    [{ steps: Array.from({ length: 41 }, () => "Stir.") }, "A recipe can have at most 40 steps."],
    [{ tips: Array.from({ length: 21 }, () => "Salt.") }, "A recipe can have at most 20 tips."],
    [{ name: "x".repeat(121) }, "A recipe name can be at most 120 characters."],
    [{ steps: ["x".repeat(2001)] }, "Each step, tip and description can be at most 2000 characters."],
    [
      { ingredients: [{ name: "tomato", quantity: "1".repeat(101) }] },
      "An ingredient's name or quantity can be at most 100 characters.",
    ],
    [{ cookingTime: 9_999_999_999 * 60 }, "Preparation and cooking times must each be within a day (1440 minutes)."],
    [{ prepTime: 1441 }, "Preparation and cooking times must each be within a day (1440 minutes)."],
  ])("refuses %#", (extra, message) => {
    expect(userRecipeProblem(draft(extra as Partial<RecipeDraft>))).toBe(message);
  });
});

describe("withoutBidiControls", () => {
  it("cleans every text a recipe shows", () => {
    const clean = withoutBidiControls(
      draft({ name: "\u202ESoup", steps: ["\u2067Stir"], ingredients: [{ name: "to\u202Dmato", quantity: "\u202A4" }] })
    );
    expect([clean.name, clean.steps[0], clean.ingredients[0].name, clean.ingredients[0].quantity]).toEqual([
      "Soup",
      "Stir",
      "tomato",
      "4",
    ]);
  });
});

describe("visitMayBeRecorded", () => {
  it("lets the app's own navigations and typed addresses write history, not other sites'", () => {
    expect(["same-origin", "none", null].map(visitMayBeRecorded)).toEqual([true, true, true]);
    expect(["cross-site", "same-site"].map(visitMayBeRecorded)).toEqual([false, false]);
  });
});
