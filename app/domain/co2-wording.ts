/**
 * How CO2 saved and food weights read on Home, Account and a finished meal, apart from co2-saved.ts so that
 * those screens do not carry the quantity reader the calculation needs.
 */

/** The product's wording of CO2 saved, to one decimal: Home's monthly figure, a finished meal's. */
export function co2SavedText(kilograms: number): string {
  return `Around ${kilograms.toFixed(1)} kg of CO2 saved!`;
}

/** "1.2 kg" of food rescued or wasted, for the monthly block. */
export const kgText = (kg: number) => `${kg.toFixed(1)} kg`;
