import { describe, expect, it } from "vitest";
import {
  durationsIn,
  formatCountdown,
  formatDuration,
  LONGEST_TIMER_SECONDS,
  readNumber,
  stepIngredients,
} from "~/domain/cook-timers";

const timers = (step: string) =>
  durationsIn(step).map(({ text, seconds, upToSeconds, label }) => ({ text, seconds, upToSeconds, label }));

describe("durations a step names", () => {
  it("reads the issue's three: simmer 20 minutes, 1 hour, 10–12 min", () => {
    expect(timers("Cover and simmer 20 minutes, stirring now and then.")).toEqual([
      { text: "20 minutes", seconds: 1200, upToSeconds: null, label: "20 min" },
    ]);
    expect(timers("Leave the dough to rise for 1 hour.")).toEqual([
      { text: "1 hour", seconds: 3600, upToSeconds: null, label: "1 hr" },
    ]);
    expect(timers("Bake 10–12 min until golden.")).toEqual([
      { text: "10–12 min", seconds: 600, upToSeconds: 720, label: "10–12 min" },
    ]);
  });

  it("counts down to the lower end of a range written with a hyphen, 'to' or 'or'", () => {
    expect(timers("Fry 3-4 minutes per side")[0]).toMatchObject({ seconds: 180, upToSeconds: 240, label: "3–4 min" });
    expect(timers("Roast 2 to 3 hours")[0]).toMatchObject({ seconds: 7200, upToSeconds: 10800, label: "2–3 hr" });
    expect(timers("Boil 5 or 6 mins")[0]).toMatchObject({ seconds: 300, upToSeconds: 360 });
  });

  it("adds up hours and minutes, and reads fractions, decimals and words", () => {
    expect(timers("Braise 1 hour 30 minutes")[0]).toMatchObject({ seconds: 5400, label: "1 hr 30 min" });
    expect(timers("Braise 1 hr and 15 min")[0]).toMatchObject({ seconds: 4500 });
    expect(timers("Cook for an hour and a half")[0]).toMatchObject({ seconds: 5400 });
    expect(timers("Rest for half an hour")[0]).toMatchObject({ seconds: 1800, label: "30 min" });
    expect(timers("Chill 1½ hours")[0]).toMatchObject({ seconds: 5400 });
    expect(timers("Chill 1 1/2 hours")[0]).toMatchObject({ seconds: 5400 });
    expect(timers("Steam 2.5 minutes")[0]).toMatchObject({ seconds: 150, label: "2 min 30 s" });
    expect(timers("Whisk for thirty seconds")[0]).toMatchObject({ seconds: 30, label: "30 s" });
    expect(timers("Toast for a minute")[0]).toMatchObject({ seconds: 60 });
    expect(timers("a 20-minute simmer")[0]).toMatchObject({ seconds: 1200 });
  });

  it("finds every time in a step, in order", () => {
    expect(timers("Bake 25 minutes, turn, then bake 5 minutes more.").map((timer) => timer.seconds)).toEqual([
      1500, 300,
    ]);
  });

  it("names no timer where a step says no time", () => {
    for (const step of [
      "Preheat the oven to 200 °C.",
      "Add 2 cups of flour and 3 eggs.",
      "Cook a few minutes until soft.",
      "Serve with 4 minted peas.",
      "Cut into 2 cm pieces.",
      "Step 12: serve.",
    ])
      expect(timers(step), step).toEqual([]);
  });

  it("leaves out a time no timer should run: zero, a range that goes down, or more than two days", () => {
    expect(timers("Cook 0 minutes")).toEqual([]);
    expect(timers("Cook 12–10 minutes")).toEqual([]);
    expect(timers("Age 9999 hours")).toEqual([]);
    expect(timers("Prove 48 hours")[0].seconds).toBe(LONGEST_TIMER_SECONDS);
  });
});

describe("numbers and times as they read", () => {
  it("reads numbers as steps write them", () => {
    expect(readNumber("1,5")).toBe(1.5);
    expect(readNumber("3/4")).toBe(0.75);
    expect(readNumber("1/0")).toBeNull();
    expect(readNumber("Twenty")).toBe(20);
  });

  it("names durations and counts down like a kitchen clock", () => {
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(3600)).toBe("1 hr");
    expect(formatDuration(3660)).toBe("1 hr 1 min");
    expect(formatCountdown(1200)).toBe("20:00");
    expect(formatCountdown(1199.2)).toBe("20:00");
    expect(formatCountdown(59)).toBe("0:59");
    expect(formatCountdown(3600)).toBe("1:00:00");
    expect(formatCountdown(-4)).toBe("0:00");
  });
});

describe("the ingredients a step uses", () => {
  const lines = [
    { name: "ground beef", quantity: "500 g" },
    { name: "tomato", quantity: "3" },
    { name: "fresh basil", quantity: "1 handful" },
    { name: "olive oil", quantity: "2 tbsp" },
    { name: "salt", quantity: "to taste" },
    { name: "chicken thighs", quantity: "4" },
  ];
  const names = (step: string) => stepIngredients(step, lines).map((line) => line.name);

  it("finds a line by its name, its plural, or its naming word, in the recipe's order", () => {
    expect(names("Heat the olive oil, brown the beef, then add the tomatoes.")).toEqual([
      "ground beef",
      "tomato",
      "olive oil",
    ]);
    expect(names("Tear the basil over and season with salt.")).toEqual(["fresh basil", "salt"]);
    expect(names("Brown the thighs skin side down.")).toEqual(["chicken thighs"]);
  });

  it("does not take a word inside another word", () => {
    expect(names("Add the tomatillos and salted butter.")).toEqual([]);
    expect(names("Serve.")).toEqual([]);
  });
});
