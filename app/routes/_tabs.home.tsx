import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Flash } from "~/components/flash";
import { SearchIcon } from "~/components/icons";
import { HomeBanners, HomeNews } from "~/components/home-banners";
import { IngredientToggles } from "~/components/ingredient-toggles";
import { MonthlyMeals } from "~/components/monthly-meals";
import { RandomMenuButton } from "~/components/random-menu-button";
import { ShoppingListLink } from "~/components/shopping-list-link";
import { UseSoon } from "~/components/use-soon";
import { changeHome, homeScreen } from "~/services/home-screen.server";
import { oneAtATimePerSession } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Home · Recipe Helper" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return homeScreen(request);
}

/** A most-searched toggle (adds or removes the ingredient) or START RANDOM without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  return oneAtATimePerSession(request, () => changeHome(request));
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
      <p className="home-plan">
        <Link to="/pantry" className="button button-secondary">
          Your pantry
        </Link>
        <Link to="/plan" className="button button-secondary">
          Plan the week
        </Link>
      </p>
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
