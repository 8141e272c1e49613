/**
 * Corrections to the parents derive-catalogue.ts reads from the Open Food Facts ingredients taxonomy: catalogue
 * name → its parent (another catalogue name), or null for none. A parent means "a recipe asking for the parent
 * is cooked with the child, and a cook who has the parent has what a recipe asking for the child needs":
 * pork for pork shoulder, cheese for cheddar. Cured and processed meats are not kinds of fresh meat in a
 * kitchen (ham does not stand in for pork shoulder), so they get no parent.
 */
export const PARENT_CORRECTIONS: Record<string, string | null> = {
  // processed or prepared from the parent, not a kind of it
  "canned tomato": null, "tomato paste": null, "sun-dried tomato": null, "roasted red pepper": null,
  "dried mushroom": null, "pickle": null, "sauerkraut": null, "orange juice": null, "dried apricot": null,
  "prune": null, "raisin": null, "applesauce": null, "cornmeal": null, "rice flour": null, "chickpea flour": null,
  "almond flour": null, "semolina": null, "rolled oat": null, "cooked rice": null, "flattened rice": null,
  "popcorn": null, "peanut butter": null, "molasses": null, "roast chicken": null, "ham": null, "bacon": null,
  "smoked salmon": null, "whipped cream": null, "sour cream": null, "condensed milk": null, "evaporated milk": null,
  "ghee": null, "lard": null, "chicken stock": null, "beef stock": null, "fish stock": null, "kecap manis": null,
  "tortilla": null, "seitan": null,
  // a different food that the taxonomy files under a broad group
  "spring onion": null, "bok choy": null, "brussels sprout": null, "kale": null, "arugula": null, "snow pea": null,
  "strawberry": null, "blueberry": null, "raspberry": null, "blackberry": null, "glutinous rice": null,
  "wild rice": null, "couscous": null, "bulgur": null, "barley": null, "farro": null, "millet": null,
  "buckwheat": null, "almond": null, "walnut": null, "cashew": null, "peanut": null, "pecan": null,
  "pistachio": null, "hazelnut": null, "macadamia": null, "brazil nut": null, "chestnut": null,
  "chicken liver": null, "veal": null, "cream cheese": null, "cottage cheese": null, "ricotta": null,
  "mascarpone": null, "olive oil": null, "sunflower oil": null, "peanut oil": null, "sesame oil": null,
  "mustard oil": null, "coconut oil": null, "avocado oil": null, "white pepper": null, "coriander seed": null,
  "mustard seed": null, "oregano": null, "basil": null, "cilantro": null, "parsley": null, "mint": null,
  "dill": null, "rosemary": null, "thyme": null, "sage": null, "tarragon": null, "bay leaf": null,
  "lemongrass": null, "sumac": null, "balsamic vinegar": null,
  // kinds of the parent the taxonomy does not link (or links through a name we do not use)
  "stewing beef": "beef", "pork rib": "pork", "ground chicken": "chicken", "ground turkey": "turkey",
  "ground lamb": "lamb", "butternut squash": "squash", "serrano pepper": "chili pepper",
  "enoki mushroom": "mushroom", "queso fresco": "cheese", "cotija": "cheese",
};
