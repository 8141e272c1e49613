import { describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import { ingredientsFrom, ingredientsText, matchingName, pageOf, stepsFrom, stepsText } from "~/domain/my-recipes";

describe("the edit form's lines", () => {
  it("writes stored lines with their sections and notes, and reads them back as they were", () => {
    const stored = [
      { name: "okra", quantity: "300 g", section: null },
      { name: "garlic", quantity: "2 cloves, crushed", section: "For the sauce" },
      { name: "salt", quantity: "", section: "For the sauce" },
    ];
    const text = ingredientsText(stored);
    expect(text).toBe("300 g okra\nFor the sauce:\n2 cloves garlic, crushed\nsalt");
    const lines = ingredientsFrom(text, getCatalogue());
    expect(lines.map((line) => [line.quantity, line.name, line.note ?? null, line.section ?? null])).toEqual([
      ["300 g", "okra", null, null],
      ["2 cloves", "garlic", "crushed", "For the sauce"],
      ["", "salt", null, "For the sauce"],
    ]);
  });

  it("reads steps one a line, a line ending with a colon starting a section, blank lines left out", () => {
    const read = stepsFrom("Fry the okra.\n\nTo serve:\r\nSeason.\nServe hot.");
    expect(read).toEqual({
      steps: ["Fry the okra.", "Season.", "Serve hot."],
      stepSections: [null, "To serve", "To serve"],
    });
    expect(stepsText(read.steps.map((text, index) => ({ text, section: read.stepSections[index] })))).toBe(
      "Fry the okra.\nTo serve:\nSeason.\nServe hot."
    );
  });
});

describe("searching and pages", () => {
  const names = ["Crème brûlée", "Okra stew", "Crispy okra"].map((name, id) => ({ id, name }));

  it("finds a name without case or accents, and every recipe for an empty search", () => {
    expect(matchingName(names, "CREME").map((item) => item.name)).toEqual(["Crème brûlée"]);
    expect(matchingName(names, " okra ").map((item) => item.name)).toEqual(["Okra stew", "Crispy okra"]);
    expect(matchingName(names, "")).toHaveLength(3);
  });

  it("takes a page from 1 to the last, whatever was asked", () => {
    expect(pageOf(null, 45)).toEqual({ page: 1, pages: 3, start: 0, end: 20 });
    expect(pageOf("3", 45)).toMatchObject({ page: 3, start: 40 });
    expect(pageOf("99", 45).page).toBe(3);
    expect(pageOf("-1", 45).page).toBe(1);
    expect(pageOf("abc", 0)).toMatchObject({ page: 1, pages: 1 });
  });
});
