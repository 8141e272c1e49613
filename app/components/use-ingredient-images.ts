/**
 * Ingredient pictures by name, fetched from POST /api/get_ingredient_image only for names not seen before.
 * The name → URL map is kept in memory and in localStorage; when a call fails the pictures already known are
 * used and the caller shows its own fallback for the rest.
 */
import { useEffect, useState } from "react";

const STORAGE_KEY = "ingredientImages";
const MAX_REMEMBERED = 500;
const known = new Map<string, string>();
let restored = false;

const keyOf = (name: string) => name.trim().toLowerCase();

function restore() {
  if (restored) return;
  restored = true;
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, unknown>;
    for (const [name, url] of Object.entries(stored))
      if (typeof url === "string" && url.startsWith("/")) known.set(name, url);
  } catch {
    // unreadable or blocked storage: start empty
  }
}

function remember(images: { ingredient: string; imageUrl: string }[]) {
  for (const { ingredient, imageUrl } of images) known.set(keyOf(ingredient), imageUrl);
  const kept = [...known].slice(-MAX_REMEMBERED);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // storage full or blocked: the memory copy still serves this page
  }
}

async function fetchImages(names: string[], signal: AbortSignal) {
  const response = await fetch("/api/get_ingredient_image", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ ingredients: names }),
    signal,
  });
  if (!response.ok) return [];
  return (await response.json()) as { ingredient: string; imageUrl: string }[];
}

/** The picture URL of each name that has one so far (an empty map before hydration). */
export function useIngredientImages(names: readonly string[]): Map<string, string> {
  const [, setVersion] = useState(0);
  const wanted = names.join("\n");
  useEffect(() => {
    restore();
    const missing = [...new Set(wanted.split("\n").filter((name) => name && !known.has(keyOf(name))))];
    if (missing.length === 0) {
      setVersion((version) => version + 1);
      return;
    }
    const controller = new AbortController();
    fetchImages(missing, controller.signal)
      .then((images) => {
        remember(images);
        setVersion((version) => version + 1);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [wanted]);
  return new Map(names.flatMap((name) => (known.has(keyOf(name)) ? [[name, known.get(keyOf(name))!]] : [])));
}
