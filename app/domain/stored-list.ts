/** The strings of a list stored as JSON text in a column (allergies, preferences, detected names); anything else is none. */
export function storedStringList(json: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
