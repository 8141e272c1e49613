/**
 * The optional recipe generator: when RECIPE_GENERATOR_BASE_URL and RECIPE_GENERATOR_MODEL name an
 * OpenAI-compatible chat endpoint (OpenAI, Ollama, LM Studio), suggestions with few good matches ask it for
 * new recipes. Nothing in the answer is trusted: it is validated with zod, every line must resolve to a
 * catalogue ingredient with a weighable quantity (otherwise the recipe is dropped), and nutrition and diet
 * tags are computed by the store, which saves the recipe with origin "generated". A recipe whose name the
 * cookbook already has is the cookbook's: it is looked up by name and left as it is.
 */
import * as z from "zod";
import { CUISINES, MEAL_OCCASIONS } from "~/domain/constants";
import { analyzeRecipe, type RecipeDraft } from "~/domain/recipe-analysis";
import type { RankingPreferences } from "~/domain/ranking";
import { loadCatalogue } from "./catalogue.server";
import { chatJson, type ChatEndpoint, type ChatMessage } from "./chat-completions.server";
import { prisma } from "./db.server";
import { env } from "./env.server";
import { EVERYONE } from "./recipe-access.server";
import { saveRecipe } from "./recipe-store.server";

export interface GenerationRequest extends RankingPreferences {
  /** catalogue names of what the cook has */
  pantry: readonly string[];
  count: number;
}

/** The configured endpoint, or null when the generator is not configured. */
export function configuredGenerator(): ChatEndpoint | null {
  if (!env.RECIPE_GENERATOR_BASE_URL || !env.RECIPE_GENERATOR_MODEL) return null;
  return {
    baseUrl: env.RECIPE_GENERATOR_BASE_URL,
    model: env.RECIPE_GENERATOR_MODEL,
    apiKey: env.RECIPE_GENERATOR_API_KEY,
    timeoutMs: env.RECIPE_GENERATOR_TIMEOUT_MS,
  };
}

const text = (maxLength: number) => z.string().trim().min(1).max(maxLength);
/** Minutes; a value the model got wrong is dropped rather than the recipe. */
const minutes = z.coerce
  .number()
  .int()
  .min(0)
  .max(24 * 60)
  .nullable()
  .optional()
  .catch(null);
const knownValues = (known: readonly string[]) =>
  z
    .array(z.string())
    .catch([])
    .transform((values) =>
      known.filter((value) => values.some((given) => given.trim().toLowerCase() === value.toLowerCase()))
    );

const GeneratedRecipe = z.object({
  name: text(80),
  description: z.string().trim().max(500).optional().catch(undefined),
  cuisines: knownValues(CUISINES),
  occasions: knownValues(MEAL_OCCASIONS),
  prep_time: minutes,
  cooking_time: minutes,
  servings: z.coerce.number().int().min(1).max(24),
  ingredients: z
    .array(z.object({ name: text(80), quantity: text(40), seasoning: z.boolean().optional() }))
    .min(1)
    .max(30),
  steps: z.array(text(1000)).min(1).max(30),
  tips: z.array(text(500)).max(10).catch([]),
});

const GeneratedAnswer = z.object({ recipes: z.array(z.unknown()).max(10) });

const ANSWER_FORM = {
  recipes: [
    {
      name: "Tomato and egg scramble",
      description: "One short sentence.",
      cuisines: ["Chinese"],
      occasions: ["Breakfast"],
      prep_time: 5,
      cooking_time: 10,
      servings: 2,
      ingredients: [
        { name: "tomato", quantity: "2", seasoning: false },
        { name: "egg", quantity: "4", seasoning: false },
        { name: "salt", quantity: "1 tsp", seasoning: true },
      ],
      steps: ["Cut the tomatoes into wedges.", "Scramble the eggs, add the tomatoes and season."],
      tips: ["Ripe tomatoes make it sweeter."],
    },
  ],
};

function messages(request: GenerationRequest): ChatMessage[] {
  const chosen = (label: string, values: readonly string[]) =>
    values.length > 0 ? ` ${label}: ${values.join(", ")}.` : "";
  return [
    {
      role: "system",
      content:
        `You write home-cooking recipes for a cooking app. Answer with JSON only, in this form: ${JSON.stringify(
          ANSWER_FORM
        )}. ` +
        'Ingredient names are plain singular grocery names without preparation ("onion", not "2 finely chopped onions"). ' +
        'Quantities are a number with g, kg, ml, l, tsp, tbsp or cup, or a plain count ("2"). ' +
        'Salt, pepper, spices, oils and sauces have "seasoning": true. Times are minutes. ' +
        `Cuisines only from: ${CUISINES.join(", ")}. Occasions only from: ${MEAL_OCCASIONS.join(", ")}. ` +
        "Diets the cook names must be respected in every recipe.",
    },
    {
      role: "user",
      content:
        `I have: ${request.pantry.join(", ")}.` +
        chosen("Cuisines I like", request.cuisines) +
        chosen("My diet", request.dietaryPreferences) +
        chosen("Meal", request.mealOccasions) +
        ` Write ${request.count} different recipes that use mostly what I have.`,
    },
  ];
}

/** The draft of a recipe from the answer, or why it cannot be one. */
async function draftOf(answer: unknown): Promise<{ draft: RecipeDraft } | { problem: string }> {
  const parsed = GeneratedRecipe.safeParse(answer);
  if (!parsed.success)
    return { problem: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ") };
  const recipe = parsed.data;
  const draft: RecipeDraft = {
    name: recipe.name,
    description: recipe.description,
    cuisines: recipe.cuisines,
    occasions: recipe.occasions,
    prepTime: recipe.prep_time,
    cookingTime: recipe.cooking_time,
    servings: recipe.servings,
    ingredients: recipe.ingredients,
    steps: recipe.steps,
    tips: recipe.tips,
    origin: "generated",
  };
  const { problems } = analyzeRecipe(draft, await loadCatalogue());
  return problems.length > 0 ? { problem: problems.map((problem) => problem.message).join("; ") } : { draft };
}

let generating = false;

/**
 * Asks the endpoint for recipes for this pantry and keeps the sound ones; answers the ids of the recipes
 * now in the cookbook under the names it gave. Never throws: a failure, a timeout or a generation already
 * running (one at a time per process) is logged and answers [].
 */
export async function generateRecipes(endpoint: ChatEndpoint, request: GenerationRequest): Promise<number[]> {
  if (generating) {
    console.warn("Recipe generator: a generation is already running; answering from the cookbook.");
    return [];
  }
  generating = true;
  try {
    const answer = GeneratedAnswer.safeParse(await chatJson(endpoint, messages(request)));
    if (!answer.success) throw new Error('the answer is not of the form {"recipes": [...]}');
    const ids: number[] = [];
    for (const recipe of answer.data.recipes.slice(0, request.count)) {
      const name = GeneratedRecipe.shape.name.safeParse((recipe as { name?: unknown } | null)?.name);
      const existing = name.success
        ? await prisma.recipe.findUnique({
            where: { name_visibleTo: { name: name.data, visibleTo: EVERYONE } },
            select: { id: true },
          })
        : null;
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      const result = await draftOf(recipe);
      if ("problem" in result)
        console.warn(`Recipe generator: dropped "${name.data ?? "a recipe without a name"}":`, result.problem);
      else ids.push((await saveRecipe(result.draft, { onlyIfNew: true })).id);
    }
    return ids;
  } catch (error) {
    console.warn(
      "Recipe generator failed; answering from the cookbook:",
      error instanceof Error ? error.message : error
    );
    return [];
  } finally {
    generating = false;
  }
}
