import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { RecipeList } from "~/components/recipe-list";
import { relativeTime } from "~/domain/relative-time";
import { historyScreen, recordOpening } from "~/services/history-screen.server";

export const meta: MetaFunction = () => [{ title: "History · Recipe Helper" }];

const REFRESH_MS = 30_000;

export async function loader({ request }: LoaderFunctionArgs) {
  return historyScreen(request);
}

/** POST /history { user_id, menu_id } (JSON): the cook opened a recipe. */
export async function action({ request }: ActionFunctionArgs) {
  return recordOpening(request);
}

/** The server's time first (so the page hydrates as rendered), then this device's, kept fresh. */
function useNow(serverNow: string): Date {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export default function HistoryScreen() {
  const { history, now: serverNow } = useLoaderData<typeof loader>();
  const now = useNow(serverNow);
  return (
    <main className="recipe-list-screen">
      <h1>History</h1>
      {history.length === 0 ? (
        <p className="recipe-list-empty">
          Recipes you open will show up here. <Link to="/search">Find a recipe</Link>
        </p>
      ) : (
        <RecipeList
          label="Recently opened recipes"
          items={history.map((entry) => ({
            ...entry,
            key: entry.history_id,
            note: <time dateTime={entry.created_at}>Opened {relativeTime(new Date(entry.created_at), now)}</time>,
          }))}
        />
      )}
    </main>
  );
}
