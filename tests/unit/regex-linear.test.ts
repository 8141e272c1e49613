/**
 * Every pattern the app runs on text a user or a web page supplies finishes in time linear in the length. Each
 * case feeds the input that made the earlier pattern backtrack (found by a ReDoS checker, scaled up so that a
 * quadratic pattern takes many seconds) to the function that applies it; the bound is loose on purpose (a busy
 * machine must not fail it), a linear pattern finishes in milliseconds.
 */
import { describe, expect, it } from "vitest";
import { ResetRequestSchema, SignupSchema } from "~/domain/auth-schemas";
import { getCatalogue } from "~/domain/catalogue-data";
import { usernameBase, usernameCandidate } from "~/domain/generated-username";
import { parseQuantity } from "~/domain/quantity";
import { analyzeRecipe } from "~/domain/recipe-analysis";
import { durationMinutes, fromJsonLd, fromMarkdown, splitIngredientLine } from "~/domain/recipe-import";
import { cleanText } from "~/domain/recipe-import/fields";
import { scaleQuantity } from "~/domain/servings";
import { durationsIn, stepIngredients } from "~/domain/cook-timers";

const BOUND_MS = 3_000;
const N = 200_000;

function finishesQuickly<T>(run: () => T): T {
  const started = performance.now();
  const result = run();
  expect(performance.now() - started).toBeLessThan(BOUND_MS);
  return result;
}

const catalogue = getCatalogue();

describe("email pattern", () => {
  it("refuses 'a@' + 200,000 dots + '@' at once, on sign-up and on a reset request", () => {
    const email = `a@${".".repeat(N)}@`;
    const signup = finishesQuickly(() => SignupSchema.safeParse({ username: "cook", email, password: "Secret123" }));
    expect(signup.success).toBe(false);
    expect(finishesQuickly(() => ResetRequestSchema.safeParse({ email })).success).toBe(false);
  });

  it("refuses a long domain of many parts at once, and still takes ordinary addresses", () => {
    expect(finishesQuickly(() => ResetRequestSchema.safeParse({ email: `a@${"b.".repeat(N)}@` })).success).toBe(false);
    for (const email of ["ana@example.com", "a.b+c@mail.example.co.uk"])
      expect(ResetRequestSchema.safeParse({ email }).success).toBe(true);
    for (const email of ["ana@example", "ana@@example.com", "ana@exa mple.com", "@example.com"]) {
      expect(ResetRequestSchema.safeParse({ email }).success, email).toBe(false);
    }
  });
});

describe("ingredient text", () => {
  it("drops notes in brackets from a line with 200,000 opening brackets at once", () => {
    expect(finishesQuickly(() => catalogue.match(`tomato ${"(".repeat(N)}`))?.name).toBe("tomato");
    expect(catalogue.match("tomatoes (ripe)")?.name).toBe("tomato");
  });

  it("reads the unit of a quantity with 200,000 opening brackets at once", () => {
    const line = { name: "tomato", quantity: `1 ${"(".repeat(N)}` };
    const draft = {
      name: "x",
      cuisines: [],
      occasions: [],
      ingredients: [line],
      steps: ["Cook."],
      tips: [],
      origin: "user" as const,
    };
    expect(finishesQuickly(() => analyzeRecipe(draft, catalogue)).problems.map((problem) => problem.kind)).toContain(
      "unknown unit"
    );
  });

  it("reads and scales a quantity with 200,000 spaces after its unit (or its slash) at once", () => {
    const quantity = `1 cup${" ".repeat(N)}x`;
    expect(finishesQuickly(() => parseQuantity(quantity))).toMatchObject({ amount: 1, unit: "cup" });
    expect(finishesQuickly(() => scaleQuantity(quantity, 2)).text).toMatch(/^2 cups/);
    expect(finishesQuickly(() => scaleQuantity(`1 cup /${" ".repeat(N)}!`, 2)).text).toMatch(/^2 cups/);
    expect(parseQuantity("1 cup plus 2 tablespoons").amount).toBeCloseTo(1.125, 2);
  });

  it("splits ingredient lines built to backtrack at once", () => {
    for (const line of [
      `1 cup tomato ${"(".repeat(N)}`,
      `1 cup tomato${" ".repeat(N)}x`,
      `1 tomato ${" optional t".repeat(N / 10)}a`,
      `2 tomato${"\t".repeat(N)}.x`,
    ]) {
      finishesQuickly(() => splitIngredientLine(line));
    }
    expect(splitIngredientLine("2 tomatoes, chopped (ripe) to taste")).toMatchObject({ name: "tomatoes" });
  });
});

describe("imported pages and files", () => {
  it("strips 200,000 unclosed tags at once", () => {
    expect(finishesQuickly(() => cleanText("<".repeat(N))).length).toBeGreaterThan(0);
    expect(cleanText("<b>Salt</b> &amp; pepper")).toBe("Salt & pepper");
  });

  it("reads times from text of 200,000 digits at once", () => {
    finishesQuickly(() => durationMinutes(`S${"0".repeat(N)}O`));
    expect(durationMinutes("1.5 hours 20 min")).toBe(110);
  });

  it("finds JSON-LD in a page of 20,000 unclosed script tags at once", () => {
    const page = "<SCRIPT TYPE=APPLICATION/LD+JSON ".repeat(20_000);
    expect(finishesQuickly(() => fromJsonLd(page)).ok).toBe(false);
    const recipe = { "@type": "Recipe", name: "Soup", recipeIngredient: ["1 tomato"], recipeInstructions: ["Cook."] };
    const html = `<html><script type="application/ld+json">${JSON.stringify(recipe)}</script></html>`;
    expect(fromJsonLd(html)).toMatchObject({ ok: true });
  });

  it("reads markdown lines built to backtrack at once", () => {
    const lines = [
      `-\t${"\t".repeat(N)}-\u2028`,
      `A:${"\t".repeat(N)}-\u2028`,
      `##\t${"\t".repeat(N)}\u0000${"\t".repeat(N)}`,
      `# ${"\t".repeat(N)}\u2028`,
    ];
    finishesQuickly(() =>
      fromMarkdown(
        `---\n${lines[0]}\n${lines[1]}\n---\n${lines[2]}\n${lines[3]}\n${"![](".repeat(N / 4)}\n${"[".repeat(N)}`
      )
    );
  });
});

describe("generated usernames", () => {
  it("trims underscores of a name made of 200,000 of them at once", () => {
    expect(finishesQuickly(() => usernameBase(`${"_".repeat(N)}x`, "cook@example.com"))).toBe("cook");
    expect(finishesQuickly(() => usernameCandidate("_".repeat(N), 2))).toBe("_2");
  });
});

describe("cook mode's timers", () => {
  it("reads a step of 200,000 numbers, ranges and spaces at once", () => {
    expect(finishesQuickly(() => durationsIn("1 ".repeat(N)))).toEqual([]);
    expect(finishesQuickly(() => durationsIn("1-".repeat(N)))).toEqual([]);
    expect(finishesQuickly(() => durationsIn(`${"1".repeat(N)} minutes`))).toEqual([]);
    expect(finishesQuickly(() => durationsIn(`1 hour${" and".repeat(N)}`))).toHaveLength(1);
    expect(finishesQuickly(() => stepIngredients("salt ".repeat(N), [{ name: "sea salt" }]))).toHaveLength(1);
  });
});
