/**
 * /cooked/{completionId}: "Update your pantry" after a meal, on its own page (the form the recipe screen shows
 * inline with JavaScript posts here too). `?servings=N`: the servings the cook made, for the prefilled amounts.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Flash } from "~/components/flash";
import { PantryUpdate, cookedPath } from "~/components/pantry-update";
import { ScreenHeader } from "~/components/screen-header";
import { parseId } from "~/domain/ids";
import { formatServings, MAX_SERVINGS } from "~/domain/servings";
import {
  confirmPantryUpdate,
  parsePantryUpdateForm,
  pantryUpdateView,
  undoPantryUpdate,
} from "~/services/food-log.server";
import { readForm } from "~/services/request.server";
import { redirectWithFlash, requireUserId } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Update your pantry · Recipe Helper" }];
const notFound = () => new Response("Not found", { status: 404 });

/** The servings the cook made (fractional after "Fit to my pantry"); anything else is ignored. */
function servingsOf(url: string): number | null {
  const servings = Number(new URL(url).searchParams.get("servings"));
  return Number.isFinite(servings) && servings > 0 && servings <= MAX_SERVINGS ? servings : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const completionId = parseId(params.id);
  const view =
    completionId === null ? null : await pantryUpdateView(userId, completionId, { servings: servingsOf(request.url) });
  if (!view) throw notFound();
  return { view };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const userId = await requireUserId(request);
  const completionId = parseId(params.id);
  const view = completionId === null ? null : await pantryUpdateView(userId, completionId);
  if (!view || completionId === null) throw notFound();
  const formData = await readForm(request);
  const back =
    formData.get("back") === "recipe"
      ? `/menu-detail/${view.recipeId}#pantry-update`
      : cookedPath(completionId, servingsOf(request.url));
  const answer = (result: { ok: boolean; message: string }) =>
    redirectWithFlash(back, { type: result.ok ? "success" : "error", message: result.message });
  if (formData.get("intent") === "undo") return answer(await undoPantryUpdate(userId, completionId));
  const parsed = parsePantryUpdateForm(formData);
  if (!parsed.ok) return answer(parsed);
  return answer(await confirmPantryUpdate(userId, completionId, parsed.value));
}

export default function CookedScreen() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <main className="pantry-update-screen">
      <ScreenHeader
        back={`/menu-detail/${view.recipeId}`}
        backLabel={`Back to ${view.recipeName}`}
        title="Update your pantry"
      />
      <Flash />
      <p>
        You cooked <Link to={`/menu-detail/${view.recipeId}`}>{view.recipeName}</Link>.
        {view.servings && !view.updated
          ? ` Amounts for ${formatServings(view.servings)} ${
              view.servings > 1 ? "servings" : "serving"
            } (the recipe is for ${Math.round(view.servings / view.factor)}).`
          : null}
      </p>
      <PantryUpdate view={view} back="page" />
      <p>
        <Link to="/ingredient-preview">See your pantry</Link>
      </p>
    </main>
  );
}
