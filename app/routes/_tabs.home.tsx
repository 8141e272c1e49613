import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { FormMessage } from "~/components/forms";
import { CartIcon, SearchIcon } from "~/components/icons";
import { MonthlyMeals } from "~/components/monthly-meals";
import { prisma } from "~/services/db.server";
import { monthlyMealStats } from "~/services/meal-stats.server";
import { getUser, takeFlash } from "~/services/session.server";
import monthlyMealsStyles from "~/styles/monthly-meals.css";
import uplotStyles from "uplot/dist/uPlot.min.css";

export const meta: MetaFunction = () => [{ title: "Home · Recipe Helper" }];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: uplotStyles },
  { rel: "stylesheet", href: monthlyMealsStyles },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const shoppingCount = user ? await prisma.shoppingItem.count({ where: { userId: user.id } }) : 0;
  const mealStats = user ? await monthlyMealStats(user.id) : null;
  const { flash, headers } = await takeFlash(request);
  return data({ username: user?.username ?? null, shoppingCount, mealStats, flash }, { headers });
}

export default function HomeScreen() {
  const { username, shoppingCount, mealStats, flash } = useLoaderData<typeof loader>();
  return (
    <main className="home">
      <header className="home-header">
        <h1 className="greeting">
          Hello, <span className="greeting-name">{(username ?? "User").toUpperCase()}</span>
        </h1>
        <Link to="/shoppinglist" className="icon-button badge-anchor" aria-label={`Shopping list, ${shoppingCount} items`}>
          <CartIcon />
          {shoppingCount > 0 ? <span className="badge" aria-hidden="true">{shoppingCount}</span> : null}
        </Link>
      </header>
      <FormMessage type={flash?.type ?? "success"} message={flash?.message} />
      <Form method="get" action="/search" className="search-box" role="search">
        <label htmlFor="home-search" className="visually-hidden">
          Search ingredients
        </label>
        <SearchIcon />
        <input id="home-search" name="q" type="search" placeholder="What's in your fridge?" autoComplete="off" />
        <button type="submit" className="visually-hidden">Search</button>
      </Form>
      <MonthlyMeals stats={mealStats} />
      <section className="home-intro" aria-labelledby="home-intro-title">
        <h2 id="home-intro-title">Cook with what you have</h2>
        <p>Add the ingredients in your fridge and we'll suggest recipes that use them up.</p>
        <Link to="/search" className="button button-primary">
          Add ingredients
        </Link>
      </section>
    </main>
  );
}
