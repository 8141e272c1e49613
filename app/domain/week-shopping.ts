/**
 * "Add what the week needs": what the plan's recipes need beyond the pantry, cooked in order, so that food an
 * earlier meal uses up is not counted again for a later one. Amounts are summed per ingredient, in grams where the
 * lines weigh (shown as g or kg), else in the line's own unit.
 */
import { parseQuantity, toGrams, type Unit } from "./quantity";
import { convertAmount, renderAmount } from "./servings";

export interface ShoppingLine {
  /** the ingredient as the list shows it */
  name: string;
  /** what identifies the ingredient in the pantry (the catalogue name key) */
  key: string;
  /** quantity text as written for the recipe's servings */
  quantity: string;
  unitWeights: Record<string, number>;
  /** salt, oil, water: not bought for a plan */
  staple: boolean;
}

export interface ShoppingRecipe {
  servings: number;
  lines: readonly ShoppingLine[];
}

export interface HeldFood {
  key: string;
  /** null: some, amount unknown (taken to cover the first line that needs it) */
  quantity: number | null;
  unit: Unit | null;
}

export interface WeekNeed {
  name: string;
  quantity: string;
}

interface Total {
  name: string;
  grams: number;
  /** amounts that do not weigh, per unit ("" for a count) */
  other: Map<string, number>;
}

/** What to buy for the entries, cooked in the order given; `covers(held, line)` says a pantry key stands for a line's. */
export function weekNeeds(
  entries: readonly { recipe: ShoppingRecipe; servings: number }[],
  pantry: readonly HeldFood[],
  covers: (heldKey: string, lineKey: string) => boolean = (held, line) => held === line
): WeekNeed[] {
  const held = pantry.map((item) => ({ ...item, left: item.quantity, unknownUsed: false }));
  const totals = new Map<string, Total>();
  const add = (line: ShoppingLine) => {
    const total = totals.get(line.key) ?? { name: line.name, grams: 0, other: new Map() };
    totals.set(line.key, total);
    return total;
  };
  for (const { recipe, servings } of entries) {
    const factor = servings / Math.max(1, recipe.servings);
    for (const line of recipe.lines) {
      if (line.staple) continue;
      const parsed = parseQuantity(line.quantity);
      const amount = parsed.amount === null ? null : (parsed.maxAmount ?? parsed.amount) * factor;
      const sources = held.filter((item) => covers(item.key, line.key));
      if (amount === null) {
        // "to taste", "a handful": bought only when the pantry has none of it
        if (sources.length === 0) add(line);
        continue;
      }
      let need = amount;
      for (const source of sources) {
        if (need <= 0) break;
        if (source.left === null) {
          if (!source.unknownUsed) {
            source.unknownUsed = true;
            need = 0;
          }
          continue;
        }
        const available = convertAmount(source.left, source.unit, parsed.unit, line.unitWeights);
        if (available === null || available <= 0) continue;
        const taken = Math.min(available, need);
        need -= taken;
        const back = convertAmount(taken, parsed.unit, source.unit, line.unitWeights) ?? 0;
        source.left = Math.max(0, source.left - back);
      }
      if (need <= 1e-9) continue;
      const grams = toGrams({ ...parsed, amount: need, maxAmount: undefined }, line.unitWeights);
      const total = add(line);
      if (grams !== null) total.grams += grams;
      else total.other.set(parsed.unit ?? "", (total.other.get(parsed.unit ?? "") ?? 0) + need);
    }
  }
  return [...totals.values()].map((total) => ({ name: total.name, quantity: describe(total) }));
}

function describe(total: Total): string {
  const parts: string[] = [];
  if (total.grams > 0) parts.push(renderAmount(Math.ceil(total.grams), "g"));
  for (const [unit, amount] of total.other) {
    if (amount > 0) parts.push(renderAmount(Math.ceil(amount * 4) / 4, (unit || null) as Unit | null));
  }
  return parts.join(" + ");
}
