/** English unit words in the number they stand for: "1 cup", "2 cups", "3 cloves" → "1 clove". Pure, no imports. */

/** English unit words and their plurals, so that "1 cup" becomes "2 cups" and "3 cloves" becomes "1 clove". */
const PLURALS: Record<string, string> = Object.fromEntries(
  [
    "cup",
    "clove",
    "slice",
    "can",
    "tin",
    "sprig",
    "stalk",
    "rib",
    "stick",
    "cube",
    "block",
    "packet",
    "jar",
    "scoop",
    "knob",
    "handful",
    "piece",
    "tablespoon",
    "teaspoon",
    "ounce",
    "pound",
    "gram",
    "kilogram",
    "head",
    "fillet",
    "rasher",
    "sachet",
    "envelope",
    "liter",
    "litre",
    "milliliter",
    "millilitre",
    "pack",
    "package",
    "bag",
    "pint",
    "quart",
    "gallon",
  ]
    .map((word) => [word, `${word}s`])
    .concat([
      ["bunch", "bunches"],
      ["pinch", "pinches"],
      ["dash", "dashes"],
      ["leaf", "leaves"],
      ["box", "boxes"],
    ])
);
const SINGULARS: Record<string, string> = Object.fromEntries(Object.entries(PLURALS).map(([one, many]) => [many, one]));

/** The unit word in the number it now stands for, keeping its case; words of other languages as they are. */
export function inflect(word: string, amount: number): string {
  const lower = word.toLowerCase();
  const changed = amount > 1 ? PLURALS[lower] : SINGULARS[lower];
  if (!changed) return word;
  return word[0] === word[0].toUpperCase() ? changed[0].toUpperCase() + changed.slice(1) : changed;
}
