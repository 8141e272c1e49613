import type { Catalogue } from "~/domain/catalogue";

/** `count` distinct recipe lines over the catalogue's names, a tenth of them misspelt (the matching test and its bench). */
export function distinctRecipeLines(catalogue: Catalogue, count: number): string[] {
  const aliases = catalogue.ingredients.flatMap((ingredient) => ingredient.aliases);
  const adjectives = ["", "large ", "ripe ", "fresh ", "finely chopped "];
  const misspell = (word: string) => `${word.slice(0, 2)}${word[3] ?? ""}${word[2] ?? ""}${word.slice(4)}`;
  return Array.from({ length: count }, (_, i) => {
    const alias = aliases[i % aliases.length];
    return `${(i % 4) + 1} ${adjectives[i % adjectives.length]}${i % 10 === 0 ? misspell(alias) : alias}, ${i}`;
  });
}
