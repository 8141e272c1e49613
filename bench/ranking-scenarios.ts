/**
 * Scenario pantries for bench/ranking.ts: what a cook has and has chosen, and the answer they would accept,
 * judged by a person and written down with the reason beside it. The checks read the recipes themselves (their
 * lines, occasions, allergen groups through the catalogue), never the scorer's figures, so they say what a
 * cook sees: "a breakfast in the top 3 uses two of my three things".
 *
 * TUNING scenarios were written first and the ranking's constants were set while looking at them. HELD_OUT
 * scenarios were written after them and the ranking was not changed after their first run: their figure is
 * reported apart.
 */
import type { Catalogue } from "~/domain/catalogue";
import type { RankableRecipe } from "~/domain/ranking";

export interface ScenarioItem {
  name: string;
  daysLeft?: number;
  grams?: number;
}

export interface Scenario {
  name: string;
  pantry: (string | ScenarioItem)[];
  cuisines?: string[];
  dietaryPreferences?: string[];
  mealOccasions?: string[];
  allergies?: string[];
  /** the answer the cook would accept, and why */
  accept: string;
  check: (top: readonly JudgedRecipe[]) => boolean;
}

/** A recipe as the judge reads it: its own lines, through the catalogue's names and families only. */
export interface JudgedRecipe {
  name: string;
  /** a line of this ingredient or of a kind of it ("pork" for pork shoulder) */
  uses(ingredient: string): boolean;
  /** how many of these it uses */
  usesCount(ingredients: readonly string[]): number;
  /** a line of an ingredient in this allergen group (milk, eggs, gluten, crustaceans...) */
  contains(group: string): boolean;
  isFor(occasion: string): boolean;
  ofCuisine(cuisine: string): boolean;
  fits(diet: string): boolean;
}

export function judged(recipe: RankableRecipe, catalogue: Catalogue, nameOf: (id: number) => string): JudgedRecipe {
  const lines = recipe.ingredientIds.map((id) => catalogue.byName(nameOf(id))!);
  const ancestry = (name: string): string[] => {
    const chain = [name];
    for (let parent = catalogue.byName(name)?.parent; parent; parent = catalogue.byName(parent)?.parent)
      chain.push(parent);
    return chain;
  };
  const uses = (ingredient: string) => lines.some((line) => ancestry(line.name).includes(ingredient));
  return {
    name: recipe.name,
    uses,
    usesCount: (ingredients) => ingredients.filter(uses).length,
    contains: (group) => lines.some((line) => (line.allergens as string[]).includes(group)),
    isFor: (occasion) => recipe.occasions.includes(occasion),
    ofCuisine: (cuisine) => recipe.cuisines.includes(cuisine),
    fits: (diet) => recipe.diets.includes(diet),
  };
}

const first = (top: readonly JudgedRecipe[], count: number) => top.slice(0, count);
const CHICKEN_CUTS = ["chicken breast", "chicken thigh", "chicken drumstick", "chicken"];

export const TUNING: Scenario[] = [
  {
    name: "breakfast: eggs, bread, milk",
    pantry: ["egg", "bread", "milk"],
    mealOccasions: ["Breakfast"],
    accept: "a top-3 recipe uses two of them and is a breakfast",
    check: (top) =>
      first(top, 3).some((recipe) => recipe.isFor("Breakfast") && recipe.usesCount(["egg", "bread", "milk"]) >= 2),
  },
  {
    name: "breakfast: nothing but breakfasts on top",
    pantry: ["egg", "bread", "milk"],
    mealOccasions: ["Breakfast"],
    accept: "every one of the top 8 is a breakfast: kheer, mac and cheese and mash are not",
    check: (top) => first(top, 8).every((recipe) => recipe.isFor("Breakfast")),
  },
  {
    name: "chicken breast, spinach, garlic, cream",
    pantry: ["chicken breast", "spinach", "garlic", "heavy cream"],
    accept: "the first recipe uses at least three of the four, not the chicken alone",
    check: (top) =>
      first(top, 1).some((recipe) => recipe.usesCount(["chicken", "spinach", "garlic", "heavy cream"]) >= 3),
  },
  {
    name: "yogurt expired, chicken tomorrow, spinach in 2 days",
    pantry: [
      { name: "yogurt", daysLeft: -1 },
      { name: "chicken breast", daysLeft: 1 },
      { name: "spinach", daysLeft: 2 },
      "garlic",
      "onion",
      "tomato",
    ],
    accept: "the first recipe uses the yogurt and the chicken: both must go, one dish rescues both",
    check: (top) => first(top, 1).some((recipe) => recipe.uses("yogurt") && recipe.usesCount(CHICKEN_CUTS) > 0),
  },
  {
    name: "yogurt expired: not six yogurt-only dishes",
    pantry: [
      { name: "yogurt", daysLeft: -1 },
      { name: "chicken breast", daysLeft: 1 },
      { name: "spinach", daysLeft: 2 },
      "garlic",
      "onion",
      "tomato",
    ],
    accept: "at least three of the top 6 use three or more of my six items",
    check: (top) =>
      first(top, 6).filter(
        (recipe) => recipe.usesCount(["yogurt", "chicken", "spinach", "garlic", "onion", "tomato"]) >= 3
      ).length >= 3,
  },
  {
    name: "dinner: pork, chicken breast, tomato, onion",
    pantry: ["pork", { name: "chicken breast", daysLeft: 2 }, "tomato", "onion"],
    mealOccasions: ["Dinner"],
    accept: "all of the top 5 are dinners (no party spring rolls)",
    check: (top) => first(top, 5).every((recipe) => recipe.isFor("Dinner")),
  },
  {
    name: "breakfast: milk, rice, potato, eggs",
    pantry: ["milk", "rice", "potato", "egg"],
    mealOccasions: ["Breakfast"],
    accept: "the top 5 are breakfasts, not rice kheer or mashed potatoes",
    check: (top) => first(top, 5).every((recipe) => recipe.isFor("Breakfast")),
  },
  {
    name: "milk allergy",
    pantry: ["egg", "flour", "butter", "cheese", "tomato", "onion"],
    allergies: ["milk"],
    accept: "none of the top 10 contains dairy: I cannot eat them",
    check: (top) => first(top, 10).every((recipe) => !recipe.contains("milk")),
  },
  {
    name: "chicken breast, spinach, garlic: saag with thighs counts",
    pantry: ["chicken breast", "spinach", "garlic"],
    accept: "a top-10 recipe has chicken of some cut, spinach and garlic (a saag with thighs is fine)",
    check: (top) =>
      first(top, 10).some(
        (recipe) => recipe.usesCount(CHICKEN_CUTS) > 0 && recipe.uses("spinach") && recipe.uses("garlic")
      ),
  },
  {
    name: "ground beef is mince, not steak",
    pantry: ["ground beef", "onion"],
    accept: "the top 5 are mince dishes: flank steak and skewers need steak I do not have",
    check: (top) => first(top, 5).every((recipe) => recipe.uses("ground beef")),
  },
  {
    name: "vegetarian: tofu, broccoli",
    pantry: ["tofu", "broccoli"],
    dietaryPreferences: ["Vegetarian"],
    accept: "every one of the top 8 is vegetarian and uses the tofu or the broccoli",
    check: (top) =>
      first(top, 8).every((recipe) => recipe.fits("Vegetarian") && recipe.usesCount(["tofu", "broccoli"]) > 0),
  },
  {
    name: "contradictory diets",
    pantry: ["egg", "tomato", "onion"],
    dietaryPreferences: ["Vegetarian", "Keto", "High carb", "Diabetes"],
    accept: "nothing: no dish is keto and high carb; an empty list (explained on screen) is right",
    check: (top) => top.length === 0,
  },
  {
    name: "salmon due tomorrow",
    pantry: [{ name: "salmon", daysLeft: 1 }, "lemon", "potato", "rice", "onion"],
    accept: "the first recipe uses the salmon",
    check: (top) => first(top, 1).some((recipe) => recipe.uses("salmon")),
  },
  {
    name: "prawns, garlic, lime",
    pantry: ["prawns", "garlic", "lime"],
    accept: "a top-3 recipe uses the prawns",
    check: (top) => first(top, 3).some((recipe) => recipe.uses("shrimp")),
  },
  {
    name: "black bananas, milk",
    pantry: [{ name: "banana", daysLeft: 0 }, "milk", "egg", "flour"],
    accept: "the first recipe uses the bananas, best with two of the others",
    check: (top) => first(top, 1).some((recipe) => recipe.uses("banana")),
  },
  {
    name: "stale bread, eggs, milk, cheese for lunch",
    pantry: [{ name: "bread", daysLeft: 0 }, "egg", "milk", "cheese"],
    mealOccasions: ["Lunch"],
    accept: "a top-3 lunch uses the bread",
    check: (top) => first(top, 3).some((recipe) => recipe.uses("bread") && recipe.isFor("Lunch")),
  },
  {
    name: "gluten intolerance",
    pantry: ["pasta", "tomato", "garlic", "rice", "chicken breast"],
    dietaryPreferences: ["Gluten intolerance"],
    accept: "no gluten in the top 10",
    check: (top) => first(top, 10).every((recipe) => !recipe.contains("gluten")),
  },
  {
    name: "shellfish allergy with prawns in the fridge",
    pantry: ["shrimp", "garlic", "rice", "tomato"],
    allergies: ["shellfish"],
    accept: "no shellfish dish in the top 10 even though I have prawns (they are for someone else)",
    check: (top) => first(top, 10).every((recipe) => !recipe.contains("crustaceans") && !recipe.contains("molluscs")),
  },
  {
    name: "pork mince, cabbage",
    pantry: ["pork mince", "cabbage", "soy sauce"],
    accept: "the top 3 use the pork mince: it spoils in two days, the cabbage keeps (no recipe has both)",
    check: (top) => first(top, 3).every((recipe) => recipe.uses("ground pork")),
  },
  {
    name: "mushrooms due tomorrow, cream, pasta",
    pantry: [{ name: "mushroom", daysLeft: 1 }, "heavy cream", "pasta", "parmesan"],
    accept: "a top-3 recipe uses the mushrooms and one of the others",
    check: (top) =>
      first(top, 3).some(
        (recipe) => recipe.uses("mushroom") && recipe.usesCount(["heavy cream", "pasta", "parmesan"]) > 0
      ),
  },
  {
    name: "leftover rice and eggs",
    pantry: ["rice", "egg", "spring onion", "soy sauce"],
    accept: "a top-3 recipe uses both the rice and the eggs (fried rice and the like)",
    check: (top) => first(top, 3).some((recipe) => recipe.uses("rice") && recipe.uses("egg")),
  },
  {
    name: "ripe tomatoes, basil, mozzarella, bread",
    pantry: [{ name: "tomato", daysLeft: 0 }, "basil", "mozzarella", "bread"],
    accept: "the first recipe uses the tomatoes and at least one of the others",
    check: (top) =>
      first(top, 1).some((recipe) => recipe.uses("tomato") && recipe.usesCount(["basil", "mozzarella", "bread"]) > 0),
  },
  {
    name: "potato, onion, eggs",
    pantry: ["potato", "onion", "egg"],
    accept: "a top-3 recipe uses all three (a tortilla)",
    check: (top) => first(top, 3).some((recipe) => recipe.usesCount(["potato", "onion", "egg"]) === 3),
  },
  {
    name: "Indian: chickpeas, tomato, onion, spinach",
    pantry: ["chickpea", "tomato", "onion", "spinach"],
    cuisines: ["Indian"],
    accept: "an Indian dish with the chickpeas or spinach in the top 5",
    check: (top) =>
      first(top, 5).some((recipe) => recipe.ofCuisine("Indian") && recipe.usesCount(["chickpea", "spinach"]) > 0),
  },
  {
    name: "Mexican: ground beef, beans, tortillas",
    pantry: ["ground beef", "kidney bean", "tortilla", "onion"],
    cuisines: ["Mexican"],
    accept: "a Mexican dish in the top 3",
    check: (top) => first(top, 3).some((recipe) => recipe.ofCuisine("Mexican")),
  },
  {
    name: "chicken thighs, lemon, garlic",
    pantry: ["chicken thigh", "lemon", "garlic"],
    accept: "the top 3 are chicken dishes (breast or thigh, I don't mind)",
    check: (top) => first(top, 3).every((recipe) => recipe.usesCount(CHICKEN_CUTS) > 0),
  },
  {
    name: "breakfast: apples, bread, butter, eggs",
    pantry: ["apple", "bread", "butter", "egg"],
    mealOccasions: ["Breakfast"],
    accept: "a top-3 breakfast uses the apples with the bread and eggs (a french toast bake)",
    check: (top) =>
      first(top, 3).some((recipe) => recipe.isFor("Breakfast") && recipe.usesCount(["apple", "bread", "egg"]) === 3),
  },
  {
    name: "courgettes in 2 days",
    pantry: [{ name: "zucchini", daysLeft: 2 }, "tomato", "onion", "garlic"],
    accept: "a top-3 recipe uses the courgettes",
    check: (top) => first(top, 3).some((recipe) => recipe.uses("zucchini")),
  },
  {
    name: "avocado today, lime, tomato, onion, cilantro",
    pantry: [{ name: "avocado", daysLeft: 0 }, "lime", "tomato", "onion", "cilantro"],
    accept: "the first recipe uses the avocado",
    check: (top) => first(top, 1).some((recipe) => recipe.uses("avocado")),
  },
  {
    name: "breakfast: bacon, eggs, bread",
    pantry: ["bacon", "egg", "bread"],
    mealOccasions: ["Breakfast"],
    accept: "a top-3 breakfast uses two of them",
    check: (top) =>
      first(top, 3).some((recipe) => recipe.isFor("Breakfast") && recipe.usesCount(["bacon", "egg", "bread"]) >= 2),
  },
  {
    name: "cod due tomorrow, potatoes, peas",
    pantry: [{ name: "cod", daysLeft: 1 }, "potato", "pea"],
    accept: "a top-3 recipe uses the cod",
    check: (top) => first(top, 3).some((recipe) => recipe.uses("cod")),
  },
  {
    name: "egg allergy at breakfast",
    pantry: ["bread", "milk", "banana"],
    mealOccasions: ["Breakfast"],
    allergies: ["egg"],
    accept: "no eggs in the top 10, and the first is a breakfast",
    check: (top) =>
      first(top, 10).every((recipe) => !recipe.contains("eggs")) &&
      first(top, 1).every((recipe) => recipe.isFor("Breakfast")),
  },
  {
    name: "a full fridge with spinach due today",
    pantry: [
      { name: "spinach", daysLeft: 0 },
      "egg",
      "milk",
      "cheese",
      "potato",
      "onion",
      "garlic",
      "carrot",
      "rice",
      "pasta",
      "tomato",
      "butter",
    ],
    accept: "the first recipe uses the spinach",
    check: (top) => first(top, 1).some((recipe) => recipe.uses("spinach")),
  },
  {
    name: "broccoli tomorrow, chicken in five days",
    pantry: [{ name: "broccoli", daysLeft: 1 }, { name: "chicken breast", daysLeft: 5 }, "garlic"],
    accept: "a top-3 recipe uses the broccoli",
    check: (top) => first(top, 3).some((recipe) => recipe.uses("broccoli")),
  },
  {
    name: "pescatarian: salmon, rice",
    pantry: ["salmon", "rice", "lemon"],
    dietaryPreferences: ["Pescatarian"],
    accept: "no meat in the top 10, and a salmon dish in the top 3",
    check: (top) =>
      first(top, 10).every((recipe) => recipe.fits("Pescatarian")) &&
      first(top, 3).some((recipe) => recipe.uses("salmon")),
  },
  {
    name: "cream due today, pasta, parmesan, bacon",
    pantry: [{ name: "heavy cream", daysLeft: 0 }, "pasta", "parmesan", "bacon"],
    accept: "the first recipe uses the cream",
    check: (top) => first(top, 1).some((recipe) => recipe.uses("heavy cream")),
  },
  {
    name: "dairy-free with milk in the fridge",
    pantry: ["milk", "egg", "flour", "banana"],
    dietaryPreferences: ["Dairy-free"],
    accept: "no dairy in the top 10",
    check: (top) => first(top, 10).every((recipe) => !recipe.contains("milk")),
  },
  {
    name: "lunch: sweet potato, black beans, tortillas",
    pantry: ["sweet potato", "black bean", "tortilla"],
    mealOccasions: ["Lunch"],
    accept: "the top 5 are lunches",
    check: (top) => first(top, 5).every((recipe) => recipe.isFor("Lunch")),
  },
  {
    name: "500 g of chicken that must go",
    pantry: [{ name: "chicken breast", daysLeft: 1, grams: 500 }, "onion", "garlic", "rice"],
    accept: "the first recipe uses chicken",
    check: (top) => first(top, 1).some((recipe) => recipe.usesCount(CHICKEN_CUTS) > 0),
  },
  {
    name: "ground lamb, yogurt, mint",
    pantry: [{ name: "ground lamb", daysLeft: 2 }, "yogurt", "mint", "onion"],
    accept: "a top-3 recipe uses the lamb",
    check: (top) => first(top, 3).some((recipe) => recipe.uses("ground lamb") || recipe.uses("lamb")),
  },
  {
    name: "cucumber, yogurt, dill",
    pantry: [{ name: "cucumber", daysLeft: 2 }, "greek yogurt", "dill", "garlic"],
    accept: "a top-3 recipe uses the cucumber and the yogurt",
    check: (top) => first(top, 3).some((recipe) => recipe.uses("cucumber") && recipe.uses("yogurt")),
  },
  {
    name: "nut allergy: peanut butter in the cupboard",
    pantry: ["peanut butter", "banana", "milk", "tofu"],
    allergies: ["nuts"],
    accept: "no nuts or peanuts in the top 10",
    check: (top) => first(top, 10).every((recipe) => !recipe.contains("peanuts") && !recipe.contains("tree nuts")),
  },
  {
    name: "ripe plantains today, black beans, rice",
    pantry: [{ name: "plantain", daysLeft: 0 }, "black bean", "rice"],
    accept: "the first recipe uses the plantains",
    check: (top) => first(top, 1).some((recipe) => recipe.uses("plantain")),
  },
  {
    name: "eggplant, tomato, garlic, side dish",
    pantry: ["eggplant", "tomato", "garlic"],
    mealOccasions: ["Side Dish"],
    accept: "a top-3 side dish uses the eggplant",
    check: (top) => first(top, 3).some((recipe) => recipe.isFor("Side Dish") && recipe.uses("eggplant")),
  },
  {
    name: "sausages due tomorrow, potatoes, onion",
    pantry: [{ name: "sausage", daysLeft: 1 }, "potato", "onion"],
    accept: "a top-3 recipe uses the sausages",
    check: (top) => first(top, 3).some((recipe) => recipe.uses("sausage")),
  },
];

/** Written last; the ranking was not changed after their first run (never tuned on). */
export const HELD_OUT: Scenario[] = [
  {
    name: "breakfast: yogurt, banana, honey",
    pantry: ["yogurt", "banana", "honey"],
    mealOccasions: ["Breakfast"],
    accept: "a top-3 breakfast uses two of them",
    check: (top) =>
      first(top, 3).some((recipe) => recipe.isFor("Breakfast") && recipe.usesCount(["yogurt", "banana", "honey"]) >= 2),
  },
  {
    name: "dinner: salmon, broccoli, rice",
    pantry: ["salmon", "broccoli", "rice"],
    mealOccasions: ["Dinner"],
    accept: "the top 5 are dinners and the first uses the salmon",
    check: (top) =>
      first(top, 5).every((recipe) => recipe.isFor("Dinner")) && first(top, 1).some((recipe) => recipe.uses("salmon")),
  },
  {
    name: "gluten allergy typed as an allergy",
    pantry: ["bread", "pasta", "tomato", "egg", "rice"],
    allergies: ["gluten"],
    accept: "no gluten in the top 10",
    check: (top) => first(top, 10).every((recipe) => !recipe.contains("gluten")),
  },
  {
    name: "drumsticks for a thigh recipe",
    pantry: [{ name: "chicken drumstick", daysLeft: 1 }, "yogurt", "garlic", "ginger"],
    accept: "the first recipe is a chicken dish",
    check: (top) => first(top, 1).some((recipe) => recipe.usesCount(CHICKEN_CUTS) > 0),
  },
  {
    name: "peppers, onion, eggs, tomato",
    pantry: ["bell pepper", "onion", "egg", "tomato"],
    accept: "a top-3 recipe uses three of the four",
    check: (top) => first(top, 3).some((recipe) => recipe.usesCount(["bell pepper", "onion", "egg", "tomato"]) >= 3),
  },
  {
    name: "ham expiring, cheese, bread",
    pantry: [{ name: "ham", daysLeft: 0 }, "cheese", "bread"],
    accept: "the first recipe uses the ham",
    check: (top) => first(top, 1).some((recipe) => recipe.uses("ham")),
  },
  {
    name: "vegetarian with chicken in the pantry",
    pantry: ["chicken breast", "rice", "onion", "pea"],
    dietaryPreferences: ["Vegetarian"],
    accept: "no meat in the top 10; a rice dish in the top 3",
    check: (top) =>
      first(top, 10).every((recipe) => recipe.fits("Vegetarian")) &&
      first(top, 3).some((recipe) => recipe.uses("rice")),
  },
  {
    name: "corn due tomorrow, cheese, milk",
    pantry: [{ name: "corn", daysLeft: 1 }, "cheese", "milk"],
    accept: "a top-3 recipe uses the corn",
    check: (top) => first(top, 3).some((recipe) => recipe.uses("corn")),
  },
  {
    name: "party: ground pork, carrots, cabbage",
    pantry: ["ground pork", "carrot", "cabbage"],
    mealOccasions: ["Party"],
    accept: "a top-3 party dish uses the pork",
    check: (top) => first(top, 3).some((recipe) => recipe.isFor("Party") && recipe.uses("ground pork")),
  },
  {
    name: "fish allergy with tuna in the fridge",
    pantry: ["tuna", "potato", "onion", "egg"],
    allergies: ["fish"],
    accept: "no fish in the top 10",
    check: (top) => first(top, 10).every((recipe) => !recipe.contains("fish")),
  },
  {
    name: "cauliflower, chickpeas, Indian",
    pantry: ["cauliflower", "chickpea", "onion"],
    cuisines: ["Indian"],
    accept: "an Indian dish using the cauliflower or chickpeas in the top 3",
    check: (top) =>
      first(top, 3).some((recipe) => recipe.ofCuisine("Indian") && recipe.usesCount(["cauliflower", "chickpea"]) > 0),
  },
  {
    name: "mushrooms and spinach for lunch",
    pantry: ["mushroom", "spinach", "egg"],
    mealOccasions: ["Lunch"],
    accept: "a top-3 lunch uses two of them",
    check: (top) =>
      first(top, 3).some((recipe) => recipe.isFor("Lunch") && recipe.usesCount(["mushroom", "spinach", "egg"]) >= 2),
  },
];
