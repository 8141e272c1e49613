import { describe, expect, it } from "vitest";
import { storedStringList } from "~/domain/stored-list";

describe("a list stored as JSON text", () => {
  it("gives its strings", () => {
    expect(storedStringList('["peanuts","milk"]')).toEqual(["peanuts", "milk"]);
  });

  it("drops what is not a string, and reads broken or missing text as no list", () => {
    expect(storedStringList('["egg", 3, null, {"a": 1}]')).toEqual(["egg"]);
    expect(storedStringList('{"egg": true}')).toEqual([]);
    expect(storedStringList("[not json")).toEqual([]);
    expect(storedStringList(undefined)).toEqual([]);
  });
});
