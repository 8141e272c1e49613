/**
 * The two grocery delivery apps the shopping list hands over to. Neither takes a basket from outside, so the
 * list goes over the one way both accept: as the text of a product search.
 */

export interface DeliveryApp {
  name: string;
  url: string;
}

const APPS: { name: string; searchUrl: (query: string) => string }[] = [
  { name: "Instacart", searchUrl: (query) => `https://www.instacart.com/store/s?${new URLSearchParams({ k: query })}` },
  {
    name: "Amazon Fresh",
    searchUrl: (query) => `https://www.amazon.com/s?${new URLSearchParams({ k: query, i: "amazonfresh" })}`,
  },
];

/** The search text for a shopping list: the item names, in list order, once each. */
export function shoppingSearchQuery(itemNames: readonly string[]): string {
  const seen = new Set<string>();
  const names = itemNames
    .map((name) => name.trim())
    .filter((name) => {
      const key = name.toLowerCase();
      if (!name || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return names.join(", ");
}

/** Each delivery app with the address that opens its search for the list. */
export function deliveryApps(itemNames: readonly string[]): DeliveryApp[] {
  const query = shoppingSearchQuery(itemNames);
  return APPS.map(({ name, searchUrl }) => ({ name, url: searchUrl(query) }));
}
