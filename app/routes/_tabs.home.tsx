import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Flash } from "~/components/flash";
import { SearchIcon } from "~/components/icons";
import { HomeBanners, HomeNews } from "~/components/home-banners";
import { IngredientToggles } from "~/components/ingredient-toggles";
import { MonthlyMeals } from "~/components/monthly-meals";
import { RANDOM_MENU_FAILED, RandomMenuButton } from "~/components/random-menu-button";
import { ShoppingListLink } from "~/components/shopping-list-link";
import { UseSoon } from "~/components/use-soon";
import { resolveName, spoilingSoon, type PantryItem } from "~/domain/pantry";
import { todayUtc } from "~/domain/pantry-details";
import { MOST_SEARCHED_TOGGLE_COUNT, mostSearchedToggles } from "~/domain/suggestions";
import { loadCatalogue } from "~/services/catalogue.server";
import { monthlyMealStats } from "~/services/meal-stats.server";
import { mostSearchedIngredients, parseHomeAction, readPantry, toggleAndGoBack } from "~/services/pantry.server";
import { randomRecipe } from "~/services/recipe-search.server";
import { firstSubmissionError, readForm } from "~/services/request.server";
import { getUserId, oneAtATimePerSession, redirectWithFlash } from "~/services/session.server";
import { findHomeUser } from "~/services/users.server";

export const meta: MetaFunction = () => [{ title: "Home · Recipe Helper" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await getUserId(request);
  const user = userId === null ? null : await findHomeUser(userId);
  const mealStats = user ? await monthlyMealStats(user.id) : null;
  const pantry = await readPantry(request);
  const toggles = await mostSearchedToggleStates(pantry);
  const shoppingCount = user?._count.shoppingItems ?? 0;
  const soon = spoilingSoon(pantry, todayUtc()).map(({ item, daysLeft }) => ({ name: item.name, daysLeft }));
  return { username: user?.username ?? null, shoppingCount, mealStats, toggles, soon };
}

/** The most-searched ingredients, each marked when it is on the cook's list. */
async function mostSearchedToggleStates(pantry: PantryItem[]) {
  const [catalogue, searched] = await Promise.all([
    loadCatalogue(),
    mostSearchedIngredients(MOST_SEARCHED_TOGGLE_COUNT),
  ]);
  const listedKeys = new Set(pantry.map((item) => item.key));
  return mostSearchedToggles(searched.map((ingredient) => ingredient.name)).map((name) => ({
    name,
    listed: listedKeys.has(resolveName(catalogue, name)?.key ?? ""),
  }));
}

/** A most-searched toggle (adds or removes the ingredient) or START RANDOM without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  return oneAtATimePerSession(request, () => toggleOrRandom(request));
}

async function toggleOrRandom(request: Request) {
  const submission = parseHomeAction(await readForm(request));
  if (submission.status !== "success") {
    return redirectWithFlash("/home", {
      type: "error",
      message: firstSubmissionError(submission, "Unknown action.").message,
    });
  }
  if (submission.value.intent === "random-menu") {
    const menu = await randomRecipe();
    if (!menu) return redirectWithFlash("/home", { type: "error", message: RANDOM_MENU_FAILED });
    throw redirect(`/menu-detail/${menu.menu_id}`);
  }
  return toggleAndGoBack(request, submission.value.name, "/home");
}

export default function HomeScreen() {
  const { username, shoppingCount, mealStats, toggles, soon } = useLoaderData<typeof loader>();
  return (
    <main className="home">
      <header className="home-header">
        <h1 className="greeting">
          Hello, <span className="greeting-name">{(username ?? "User").toUpperCase()}</span>
        </h1>
        <ShoppingListLink count={shoppingCount} />
      </header>
      <Flash />
      <Form method="get" action="/search" className="search-box" role="search">
        <label htmlFor="home-search" className="visually-hidden">
          Search ingredients
        </label>
        <SearchIcon />
        <input id="home-search" name="q" type="search" placeholder="What's in your fridge?" autoComplete="off" />
        <button type="submit" className="visually-hidden">
          Search
        </button>
      </Form>
      <UseSoon items={soon} />
      <section className="home-section" aria-labelledby="most-searched-title">
        <h2 id="most-searched-title">Most searched</h2>
        <IngredientToggles label="Most searched ingredients" toggles={toggles} action="/home" />
      </section>
      <MonthlyMeals stats={mealStats} />
      <section className="home-intro" aria-labelledby="home-intro-title">
        <h2 id="home-intro-title">Cook with what you have</h2>
        <p>Add the ingredients in your fridge and we&apos;ll suggest recipes that use them up.</p>
        <Link to="/search" className="button button-primary">
          Add ingredients
        </Link>
      </section>
      <HomeBanners />
      <RandomMenuButton />
      <HomeNews />
    </main>
  );
}
