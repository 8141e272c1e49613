import { Form, useNavigate } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { RANDOM_MENU_FAILED } from "~/domain/random-recipe";

const RANDOM_MENU_TIMEOUT_MS = 10_000;

async function fetchRandomRecipeId(): Promise<number> {
  const response = await fetch("/api/random-menu", {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(RANDOM_MENU_TIMEOUT_MS),
  });
  const body = (await response.json()) as { success?: boolean; menu?: { menu_id?: unknown } };
  if (!response.ok || !body.success || typeof body.menu?.menu_id !== "number") throw new Error("No random menu");
  return body.menu.menu_id;
}

/**
 * START RANDOM on Home: a random recipe. With JavaScript it calls GET /api/random-menu, shows GENERATING... and
 * stays disabled until the recipe opens, or shows the spec's alert. Without JavaScript the form posts to the
 * screen's action (intent "random-menu"), which redirects to a random recipe.
 */
export function RandomMenuButton() {
  const navigate = useNavigate();
  const [generating, setGenerating] = useState(false);
  const [failed, setFailed] = useState(false);

  async function startRandom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setGenerating(true);
    setFailed(false);
    try {
      navigate(`/menu-detail/${await fetchRandomRecipeId()}`);
    } catch {
      setFailed(true);
      setGenerating(false);
    }
  }

  return (
    <Form method="post" className="random-menu" onSubmit={startRandom}>
      <input type="hidden" name="intent" value="random-menu" />
      <button type="submit" className="button button-primary" disabled={generating}>
        {generating ? "GENERATING..." : "START RANDOM"}
      </button>
      {failed ? (
        <p className="form-message form-message-error" role="alert">
          {RANDOM_MENU_FAILED}
        </p>
      ) : null}
    </Form>
  );
}
