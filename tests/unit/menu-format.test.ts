import { describe, expect, it } from "vitest";
import { formatMinutes } from "~/domain/menu-format";

describe("times on screen", () => {
  it.each([
    [25, "25 min"],
    [0, "0 min"],
    [null, "N/A"],
    [undefined, "N/A"],
    [-1, "N/A"],
    [Number.NaN, "N/A"],
  ])("show %j as %j", (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });
});
