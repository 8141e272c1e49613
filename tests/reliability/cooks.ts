/**
 * Simulated cooks against a running server (test:load, bench:memory): each signs in, then mixes reads (Home, a
 * recipe, its reviews) with writes (favourites, reviews and their updates, shopping list, meal completions),
 * one request at a time, as fast as the server answers. Every write the server acknowledged is remembered in
 * the cook's ledger, so the caller can check the database afterwards.
 */
import { randomBytes } from "node:crypto";
import { signIn } from "../../bench/support/app-server";
import type { PrismaClient } from "~/generated/prisma/client";

export type Kind = "home" | "recipe" | "reviews" | "favorite" | "review" | "shopping" | "completion";
const MIX: [Kind, number][] = [
  ["home", 20],
  ["recipe", 20],
  ["reviews", 10],
  ["favorite", 15],
  ["review", 15],
  ["shopping", 10],
  ["completion", 10],
];

export interface Recipe {
  id: number;
  lineNames: string[];
}

/** What one cook's acknowledged writes say the database must hold. */
export interface Ledger {
  userId: number;
  cookie: string;
  favorites: Set<number>;
  /** per recipe: the acknowledged comment, and comments sent afterwards whose answer never came */
  reviews: Map<number, { acknowledged: string | null; unanswered: string[] }>;
  shopping: Set<string>;
  completionsAcknowledged: number;
  completionsAttempted: number;
  completedRecipes: Set<number>;
}

/** One answered request: how long it took, and what it was. */
export interface Timing {
  ms: number;
  request: string;
}

export interface CookingRun {
  /** every answered request */
  latencies: Timing[];
  counts: Map<Kind, number>;
  failures: string[];
  /** requests that failed while `serverDown()` said the server was down (not failures) */
  unansweredWhileDown: number;
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
function pickKind(): Kind {
  let roll = Math.random() * MIX.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return "home";
}

/** The first `count` recipes, with the names of their typed lines (what can go on a shopping list). */
export async function recipesInPlay(prisma: PrismaClient, count: number): Promise<Recipe[]> {
  const recipes = await prisma.recipe.findMany({
    take: count,
    orderBy: { id: "asc" },
    select: { id: true, ingredients: { where: { type: { not: null } }, select: { name: true } } },
  });
  return recipes.map((recipe) => ({ id: recipe.id, lineNames: recipe.ingredients.map((line) => line.name) }));
}

/** Signs up and in `count` cooks named `<prefix>_<n>` through the real forms. */
export async function signInCooks(
  origin: string,
  prisma: PrismaClient,
  count: number,
  prefix: string
): Promise<Ledger[]> {
  const ledgers: Ledger[] = [];
  for (let i = 0; i < count; i++) {
    const username = `${prefix}_${i}`;
    const cookie = await signIn(origin, username);
    const { id } = await prisma.user.findUniqueOrThrow({ where: { username }, select: { id: true } });
    ledgers.push({
      userId: id,
      cookie,
      favorites: new Set(),
      reviews: new Map(),
      shopping: new Set(),
      completionsAcknowledged: 0,
      completionsAttempted: 0,
      completedRecipes: new Set(),
    });
  }
  return ledgers;
}

/** Every cook cooks until `seconds` have passed. */
export async function runCooks(
  origin: string,
  ledgers: Ledger[],
  recipes: Recipe[],
  seconds: number,
  serverDown: () => boolean = () => false
): Promise<CookingRun> {
  const run: CookingRun = { latencies: [], counts: new Map(), failures: [], unansweredWhileDown: 0 };

  const send = async (ledger: Ledger, method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, {
      method,
      redirect: "manual",
      headers: {
        Cookie: ledger.cookie,
        Origin: origin,
        ...(body === undefined || body instanceof URLSearchParams ? {} : { "Content-Type": "application/json" }),
      },
      // A URLSearchParams body is a form, posted as a browser posts a screen's form.
      body: body === undefined || body instanceof URLSearchParams ? body : JSON.stringify(body),
    });
    await response.arrayBuffer();
    run.latencies.push({ ms: performance.now() - started, request: `${method} ${path}` });
    return response;
  };

  async function act(ledger: Ledger, kind: Kind) {
    const recipe = pick(recipes);
    const expect = (response: Response, statuses: number[]) => {
      if (!statuses.includes(response.status)) throw new Error(`${kind} answered ${response.status}`);
    };
    switch (kind) {
      case "home":
        return expect(await send(ledger, "GET", "/home"), [200]);
      case "recipe":
        return expect(await send(ledger, "GET", `/menu-detail/${recipe.id}`), [200]);
      case "reviews":
        return expect(await send(ledger, "GET", `/api/menu-detail/${recipe.id}/reviews`), [200]);
      case "favorite": {
        expect(await send(ledger, "POST", "/api/favorites", { user_id: ledger.userId, menu_id: recipe.id }), [200]);
        ledger.favorites.add(recipe.id);
        return;
      }
      case "review": {
        const state = ledger.reviews.get(recipe.id) ?? { acknowledged: null, unanswered: [] };
        ledger.reviews.set(recipe.id, state);
        // A first review whose answer was lost in a crash may or may not exist: leave that recipe alone.
        if (state.acknowledged === null && state.unanswered.length > 0) return;
        const comment = `Cooked it ${randomBytes(4).toString("hex")}`;
        const body = { user_id: ledger.userId, menu_id: recipe.id, comment, rating: 1 + Math.floor(Math.random() * 5) };
        const first = state.acknowledged === null && state.unanswered.length === 0;
        state.unanswered.push(comment);
        const response = first
          ? await send(ledger, "POST", `/api/menu-detail/${recipe.id}/reviews`, body)
          : await send(ledger, "PUT", "/api/reviews", body);
        expect(response, first ? [201] : [200]);
        state.acknowledged = comment;
        state.unanswered = [];
        return;
      }
      case "shopping": {
        const name = pick(recipe.lineNames);
        if (!name) return;
        const form = new URLSearchParams({ intent: "add-to-list", ingredient: name });
        // the recipe screen's form: a redirect to the shopping list
        expect(await send(ledger, "POST", `/menu-detail/${recipe.id}`, form), [302]);
        ledger.shopping.add(name.toLowerCase());
        return;
      }
      case "completion": {
        if (ledger.completedRecipes.has(recipe.id)) return;
        ledger.completedRecipes.add(recipe.id);
        ledger.completionsAttempted += 1;
        const response = await send(ledger, "POST", "/meal-completions", {
          user_id: ledger.userId,
          menu_id: recipe.id,
        });
        expect(response, [201]);
        ledger.completionsAcknowledged += 1;
        return;
      }
    }
  }

  const deadline = Date.now() + seconds * 1000;
  const cook = async (ledger: Ledger) => {
    while (Date.now() < deadline) {
      const kind = pickKind();
      try {
        await act(ledger, kind);
        run.counts.set(kind, (run.counts.get(kind) ?? 0) + 1);
      } catch (error) {
        if (serverDown()) {
          run.unansweredWhileDown += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
        } else {
          run.failures.push(`${kind}: ${(error as Error).message}`);
        }
      }
    }
  };
  await Promise.all(ledgers.map(cook));
  return run;
}
