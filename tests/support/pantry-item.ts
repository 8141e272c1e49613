import type { PantryItem } from "~/domain/pantry";

/** A guest's pantry item as the domain functions take it: a vegetable in the fridge, no amount, unless `fields` say. */
export const pantryItem = (key: string, fields: Partial<PantryItem> = {}): PantryItem => ({
  key,
  name: key,
  type: "Vegetables",
  source: "manual",
  captureId: null,
  id: null,
  version: 0,
  quantity: null,
  unit: null,
  storage: "fridge",
  addedOn: "2026-11-20",
  bestBefore: "2026-11-27",
  ...fields,
});
