/**
 * Processes of the app on one database, as the suggestions index's tests stand them in: each its own copy of the
 * index module, with nothing built yet.
 */
import { vi } from "vitest";
import type { RecipeDraft } from "~/domain/recipe-analysis";

/** A process of its own: the index module with nothing built yet. */
export async function aProcess() {
  vi.resetModules();
  return import("~/services/recipe-index.server");
}

/** Recipes alike but for their names (`prefix 0`, `prefix 1`…): onion and leek, for dinner. */
export function onionDrafts(prefix: string, count: number): RecipeDraft[] {
  return Array.from({ length: count }, (_, number) => ({
    name: `${prefix} ${number}`,
    cuisines: [],
    occasions: ["Dinner"],
    servings: 2,
    ingredients: [
      { name: "onion", quantity: "1" },
      { name: "leek", quantity: "200 g" },
    ],
    steps: ["Cook."],
    tips: [],
    origin: "user",
  }));
}
