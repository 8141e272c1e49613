/**
 * How long each catalogue ingredient keeps, and where it is normally kept: the recorded mapping from catalogue
 * names to USDA FSIS FoodKeeper products (../shared/data/shelf-life/foodkeeper.json, data version 128), the
 * default per ingredient type for names FoodKeeper has no product for, and the few corrections we make to
 * FoodKeeper's figures. `prisma/data/derive-catalogue.ts` turns them into each ingredient's `shelfLife`;
 * docs/data-sources.md explains the rules.
 */
import type { IngredientType } from "../../app/domain/ingredient-types";
import type { Storage } from "../../app/domain/shelf-life";

/** Days in each place (null: FoodKeeper gives none), and the place an ingredient is normally kept. */
export interface ShelfLifeFigures {
  fridge: number | null;
  freezer: number | null;
  cupboard: number | null;
  /** once opened (in the fridge when FoodKeeper says so, else in the cupboard) */
  opened: number | null;
  storage: Storage;
}

/** Catalogue name → FoodKeeper product ID (the nearest product; several names may share one). */
export const FOODKEEPER_PRODUCT: Record<string, number> = {
  // Vegetables
  tomato: 600, "canned tomato": 373, "tomato paste": 501, "tomato sauce": 359, "sun-dried tomato": 397,
  onion: 294, "red onion": 294, shallot: 294, "spring onion": 295, leek: 289, garlic: 285, ginger: 286,
  galangal: 286, "turmeric root": 286, potato: 297, "sweet potato": 422, carrot: 279, celery: 281,
  "bell pepper": 296, "roasted red pepper": 458, "chili pepper": 548, "jalapeño": 548, "bird's eye chili": 548,
  poblano: 548, "serrano pepper": 548, habanero: 548, cucumber: 283, zucchini: 302, eggplant: 284, broccoli: 276,
  broccolini: 276, cauliflower: 280, cabbage: 278, "red cabbage": 278, "napa cabbage": 278, "bok choy": 275,
  "brussels sprout": 277, kale: 423, spinach: 291, lettuce: 290, arugula: 678, watercress: 287, "swiss chard": 550,
  "collard greens": 287, asparagus: 271, "green bean": 273, "snow pea": 273, pea: 273, edamame: 640, corn: 282,
  mushroom: 292, shiitake: 292, "dried mushroom": 385, "portobello mushroom": 292, "oyster mushroom": 292,
  "enoki mushroom": 292, beetroot: 274, radish: 299, daikon: 299, turnip: 307, parsnip: 279, celeriac: 661,
  artichoke: 270, okra: 293, pumpkin: 298, "butternut squash": 303, squash: 303, avocado: 250, "bean sprout": 549,
  "bamboo shoot": 272, "water chestnut": 372, cassava: 308, taro: 305, jicama: 492, olive: 352, pickle: 353,
  sauerkraut: 373, kimchi: 493, "mixed vegetables": 331, kohlrabi: 494, endive: 674,
  // Fruit
  apple: 248, banana: 251, orange: 256, mandarin: 256, lemon: 256, lime: 256, "lemon juice": 448,
  "lime juice": 447, "orange juice": 455, grapefruit: 256, grape: 261, strawberry: 481, blueberry: 254,
  raspberry: 482, blackberry: 253, cranberry: 259, "mixed berries": 315, cherry: 483, peach: 266, nectarine: 266,
  apricot: 249, "dried apricot": 379, plum: 266, prune: 379, pear: 266, mango: 265, pineapple: 267, papaya: 265,
  kiwi: 263, watermelon: 495, melon: 264, pomegranate: 269, date: 260, raisin: 379, coconut: 258,
  "passion fruit": 265, guava: 262, lychee: 252, "dragon fruit": 480, rhubarb: 300, plantain: 268, tamarind: 304,
  applesauce: 370, jam: 347, "star fruit": 478, gooseberry: 252, kumquat: 414,
  // Grains, nuts and baking products
  hominy: 372, flour: 222, "bread flour": 222, "self-raising flour": 222, "whole wheat flour": 223,
  cornstarch: 220, cornmeal: 218, "masa harina": 218, "tapioca starch": 243, "potato starch": 220,
  "rolled oat": 375, rice: 338, "cooked rice": 178, "flattened rice": 338, "basmati rice": 338,
  "jasmine rice": 338, "brown rice": 339, "arborio rice": 338, "sushi rice": 338, "glutinous rice": 338,
  "wild rice": 338, quinoa: 425, couscous: 335, bulgur: 637, barley: 577, farro: 581, millet: 583, buckwheat: 579,
  pasta: 335, spaghetti: 335, fettuccine: 335, "lasagna sheet": 335, orzo: 335, "egg noodle": 336,
  "rice noodle": 335, "glass noodle": 335, udon: 335, soba: 335, "ramen noodle": 335, bread: 195,
  "whole wheat bread": 461, "sourdough bread": 195, baguette: 195, pita: 195, naan: 195, tortilla: 196,
  "corn tortilla": 553, "burger bun": 195, bagel: 449, "english muffin": 195, croissant: 204, breadcrumb: 643,
  panko: 643, cracker: 377, "tortilla chip": 392, "puff pastry": 551, "pie crust": 554, "pizza dough": 309,
  "filo pastry": 551, lentil: 334, chickpea: 333, "black bean": 333, "kidney bean": 333, "pinto bean": 333,
  "white bean": 333, "baked beans": 372, "mung bean": 680, "fava bean": 333, "black-eyed pea": 333, tofu: 168,
  tempeh: 328, seitan: 327, hummus: 181, almond: 438, walnut: 446, cashew: 439, peanut: 442, pecan: 444,
  pistachio: 445, "pine nut": 653, macadamia: 440, "mixed nuts": 386, "peanut butter": 387, "almond butter": 466,
  "sesame seed": 613, "sunflower seed": 608, "pumpkin seed": 604, "chia seed": 573, flaxseed: 503,
  "poppy seed": 237, sugar: 240, "brown sugar": 239, "powdered sugar": 241, "palm sugar": 240, honey: 345,
  "maple syrup": 534, "golden syrup": 398, molasses: 384, "baking powder": 212, "baking soda": 213, yeast: 561,
  "cocoa powder": 217, chocolate: 216, "milk chocolate": 216, "white chocolate": 216, "chocolate chip": 216,
  gelatin: 226, marshmallow: 381, cornflakes: 374, granola: 555, cookie: 200, popcorn: 389,
  // Meat, sausages and fish
  chicken: 113, "roast chicken": 141, "chicken breast": 117, "chicken thigh": 118, "chicken wing": 118,
  "chicken drumstick": 118, "ground chicken": 115, "chicken liver": 130, turkey: 114, "ground turkey": 115,
  duck: 123, beef: 40, "ground beef": 43, "stewing beef": 41, "beef brisket": 39, veal: 56, pork: 61,
  "pork chop": 64, "pork belly": 74, "pork shoulder": 74, "pork tenderloin": 67, "ground pork": 73, "pork rib": 72,
  ham: 85, bacon: 79, pancetta: 79, prosciutto: 675, salami: 516, pepperoni: 104, chorizo: 631, sausage: 102,
  "chinese sausage": 104, "hot dog": 98, lamb: 51, "ground lamb": 50, goat: 70, salmon: 146,
  "smoked salmon": 167, tuna: 146, "canned tuna": 618, cod: 144, tilapia: 144, "sea bass": 144, trout: 146,
  mackerel: 146, sardine: 146, anchovy: 673, catfish: 146, swordfish: 146, "fish ball": 149, shrimp: 151,
  crab: 154, lobster: 158, scallop: 150, mussel: 157, clam: 157, oyster: 157, squid: 152, octopus: 152,
  // Eggs
  egg: 21, "egg white": 22, "egg yolk": 22, "quail egg": 21, "duck egg": 21,
  // Milk and dairy products
  milk: 27, "skim milk": 27, buttermilk: 2, "heavy cream": 14, "half and half": 13, "whipped cream": 30,
  "sour cream": 29, "crème fraîche": 29, yogurt: 33, "coconut yogurt": 33, "greek yogurt": 33,
  "condensed milk": 383, "evaporated milk": 383, "milk powder": 465, "ice cream": 317, cheese: 3, cheddar: 3,
  mozzarella: 7, parmesan: 3, pecorino: 3, feta: 7, halloumi: 3, "goat cheese": 7, ricotta: 490,
  "cream cheese": 10, "cottage cheese": 9, mascarpone: 10, brie: 7, "blue cheese": 7, gouda: 3, "gruyère": 3,
  "monterey jack": 3, provolone: 3, "queso fresco": 546, cotija: 3, paneer: 628, "soy milk": 421,
  "almond milk": 427, "oat milk": 428, "coconut milk": 602, "coconut cream": 601,
  // Oil and fat
  "olive oil": 227, "vegetable oil": 227, "canola oil": 520, "sunflower oil": 522, "peanut oil": 228,
  "sesame oil": 612, "mustard oil": 227, "coconut oil": 454, "avocado oil": 668, "palm oil": 227, "chili oil": 227,
  "cooking spray": 229, butter: 1, ghee: 649, margarine: 26, lard: 230, shortening: 230,
  // Seasoning
  chutney: 341, furikake: 233, salt: 468, "black pepper": 469, "white pepper": 469, water: 413, cumin: 473,
  "coriander seed": 237, turmeric: 238, paprika: 238, "smoked paprika": 238, "chili powder": 232,
  "cayenne pepper": 238, "chili flakes": 238, "dried chili": 237, chipotle: 237, "garam masala": 598,
  "chaat masala": 233, "curry powder": 233, cinnamon: 472, nutmeg: 476, clove: 237, cardamom: 237,
  "star anise": 237, "fennel seed": 237, "mustard seed": 237, fenugreek: 237, asafoetida: 238, allspice: 238,
  "ground ginger": 238, "garlic powder": 474, "onion powder": 475, oregano: 510, "italian seasoning": 236,
  basil: 509, "thai basil": 509, cilantro: 506, parsley: 611, mint: 507, dill: 288, rosemary: 511, thyme: 513,
  sage: 288, tarragon: 288, chives: 512, "bay leaf": 236, "curry leaf": 288, "kaffir lime leaf": 288,
  lemongrass: 505, saffron: 237, sumac: 238, achiote: 237, "za'atar": 233, "five spice": 233,
  "ras el hanout": 233, "cajun seasoning": 471, "caraway seed": 237, amchur: 238, "nigella seed": 237,
  ajwain: 237, "celery seed": 237, vanilla: 530, msg: 233, "soy sauce": 360, "dark soy sauce": 360,
  "kecap manis": 360, "fish sauce": 360, "oyster sauce": 434, "hoisin sauce": 435, sriracha: 559,
  "hot sauce": 559, "sweet chili sauce": 348, "sambal oelek": 559, gochujang: 560, harissa: 560, miso: 169,
  ketchup: 348, mustard: 351, mayonnaise: 350, "worcestershire sauce": 362, "barbecue sauce": 340,
  "teriyaki sauce": 360, pesto: 354, salsa: 357, tahini: 416, "curry paste": 560, caper: 614, horseradish: 346,
  vinegar: 361, "apple cider vinegar": 557, "balsamic vinegar": 669, "wine vinegar": 361, "rice vinegar": 361,
  mirin: 636, "red wine": 462, "white wine": 463, spirits: 539, coffee: 541, tea: 410, "chicken stock": 396,
  "beef stock": 396, "vegetable stock": 396, "fish stock": 396, gravy: 344, "cranberry sauce": 565,
};

/**
 * Where FoodKeeper has no product for a name: a cautious figure for its type (the shortest-keeping common
 * member of the type, so that an unknown item is flagged early rather than late).
 */
export const TYPE_DEFAULTS: Record<IngredientType, ShelfLifeFigures> = {
  Vegetables: { fridge: 7, freezer: 240, cupboard: 2, opened: null, storage: "fridge" },
  Fruit: { fridge: 7, freezer: 240, cupboard: 4, opened: null, storage: "fridge" },
  "Grains nuts and baking products": { fridge: 180, freezer: 365, cupboard: 180, opened: 90, storage: "cupboard" },
  "Meat sausages and fish": { fridge: 2, freezer: 120, cupboard: 0, opened: null, storage: "fridge" },
  Eggs: { fridge: 21, freezer: 365, cupboard: 7, opened: null, storage: "fridge" },
  "Milk and dairy products": { fridge: 7, freezer: 90, cupboard: 0, opened: 3, storage: "fridge" },
  "Oil and fat": { fridge: 180, freezer: 365, cupboard: 180, opened: 90, storage: "cupboard" },
  Seasoning: { fridge: 365, freezer: 365, cupboard: 365, opened: 180, storage: "cupboard" },
};

/**
 * Corrections on top of FoodKeeper (or of the type default), each with its reason. Where people keep a food
 * differs from where it keeps longest for onions, garlic and bananas; dried or preserved foods without a
 * FoodKeeper product keep far longer than their type's fresh default.
 */
export const SHELF_LIFE_CORRECTIONS: Record<string, Partial<ShelfLifeFigures>> = {
  // kept in a cool dark cupboard in most kitchens; FoodKeeper's fridge figure is longer but not the habit
  onion: { storage: "cupboard" },
  "red onion": { storage: "cupboard" },
  shallot: { storage: "cupboard" },
  // FoodKeeper lists bananas in the fridge only; they ripen on the counter for about five days
  banana: { storage: "cupboard", cupboard: 5 },
  // FoodKeeper gives milk and juice a fridge time only once opened; they live in the fridge
  milk: { storage: "fridge" },
  "skim milk": { storage: "fridge" },
  "orange juice": { storage: "fridge" },
  // FoodKeeper's longest figure is the fridge; kitchens keep these in the cupboard or on the counter
  almond: { storage: "cupboard" },
  walnut: { storage: "cupboard" },
  cashew: { storage: "cupboard" },
  peanut: { storage: "cupboard" },
  pecan: { storage: "cupboard" },
  pistachio: { storage: "cupboard" },
  "pine nut": { storage: "cupboard" },
  macadamia: { storage: "cupboard" },
  pumpkin: { storage: "cupboard" },
  "butternut squash": { storage: "cupboard" },
  squash: { storage: "cupboard" },
  mirin: { storage: "cupboard", cupboard: 365 },
  // FoodKeeper's cherry-tomato product has no freezer time; its "Tomatoes" product gives 2 months
  tomato: { freezer: 60 },
  // FoodKeeper's summer squash keeps as long on the counter; it is a fridge vegetable
  zucchini: { storage: "fridge" },
  // FoodKeeper lists them among foods bought frozen; they are sold chilled
  tempeh: { storage: "fridge" },
  seitan: { storage: "fridge" },
  // usually bought frozen
  pea: { storage: "freezer" },
  // dried, canned or jarred without a FoodKeeper product of their own
  seaweed: { fridge: 365, freezer: 365, cupboard: 365, storage: "cupboard" },
  "dried fish": { fridge: 180, freezer: 365, cupboard: 180, storage: "cupboard" },
  "dried shrimp": { fridge: 180, freezer: 365, cupboard: 180, storage: "cupboard" },
  "spring roll wrapper": { fridge: 30, freezer: 180, cupboard: 0, storage: "fridge" },
  gnocchi: { fridge: 30, freezer: 90, cupboard: 0, opened: 3, storage: "fridge" },
  falafel: { fridge: 4, freezer: 90, cupboard: 0, storage: "fridge" },
  beer: { fridge: 180, freezer: null, cupboard: 180, opened: 1, storage: "cupboard" },
};
