/**
 * /cooked/{completionId}: the pantry update of one meal, worded as the page reads, and what its form posts (the
 * update or its Undo), also from the recipe screen's inline form. The page's route module imports only this server
 * module for its loader and action (decision 069).
 */
import { cookedPath } from "~/components/pantry-update";
import { parseId } from "~/domain/ids";
import { MAX_SERVINGS, servingsText } from "~/domain/servings";
import { ServingsEatenSchema } from "~/domain/leftovers";
import { recordServingsEaten, servingsSaid } from "./leftovers.server";
import { confirmPantryUpdate, parsePantryUpdateForm, pantryUpdateView, undoPantryUpdate } from "./food-log.server";
import { readForm } from "./request.server";
import { requireCook } from "./cook.server";
import { redirectWithFlash } from "./session.server";

const notFound = () => new Response("Not found", { status: 404 });

/** The servings the cook made (fractional after "Fit to my pantry"); anything else is ignored. */
function servingsOf(url: string): number | null {
  const servings = Number(new URL(url).searchParams.get("servings"));
  return Number.isFinite(servings) && servings > 0 && servings <= MAX_SERVINGS ? servings : null;
}

export async function cookedScreen(request: Request, id: string | undefined) {
  const cook = await requireCook(request);
  const { userId } = cook;
  const completionId = parseId(id);
  const view =
    completionId === null ? null : await pantryUpdateView(cook, completionId, { servings: servingsOf(request.url) });
  if (!view) throw notFound();
  // " Amounts for 3⅓ servings (the recipe is for 2).", while the form is still to be sent.
  const servingsNote =
    view.servings && !view.updated
      ? ` Amounts for ${servingsText(view.servings)} (the recipe is for ${Math.round(view.servings / view.factor)}).`
      : null;
  const servings = await servingsSaid(userId, completionId!);
  const cooked = Math.max(1, Math.round(view.servings ?? servings?.cooked ?? 2));
  return {
    view,
    servingsNote,
    servings: servings && { ...servings, cooked: servings.said ? servings.cooked : cooked },
  };
}

export async function changeCooked(request: Request, id: string | undefined): Promise<Response> {
  const cook = await requireCook(request);
  const completionId = parseId(id);
  const view = completionId === null ? null : await pantryUpdateView(cook, completionId);
  if (!view || completionId === null) throw notFound();
  const formData = await readForm(request);
  const back =
    formData.get("back") === "recipe"
      ? `/menu-detail/${view.recipeId}#pantry-update`
      : cookedPath(completionId, servingsOf(request.url));
  const answer = (result: { ok: boolean; message: string }) =>
    redirectWithFlash(back, { type: result.ok ? "success" : "error", message: result.message });
  if (formData.get("intent") === "undo") return answer(await undoPantryUpdate(cook, completionId));
  if (formData.get("intent") === "servings") {
    const said = ServingsEatenSchema.safeParse(Object.fromEntries(formData));
    if (!said.success) return answer({ ok: false, message: said.error.issues[0].message });
    if (said.data.servings_eaten === undefined)
      return answer({ ok: false, message: "Please say how many servings were eaten." });
    return answer(
      await recordServingsEaten(cook, completionId, {
        cooked: said.data.servings_cooked,
        eaten: said.data.servings_eaten,
      })
    );
  }
  const parsed = parsePantryUpdateForm(formData);
  if (!parsed.ok) return answer(parsed);
  return answer(await confirmPantryUpdate(cook, completionId, parsed.value));
}
