/** The loader and action the ingredient camera screens (/camera, /camera-search) share. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { NOTHING_FOUND } from "~/domain/vision";
import { readImageFormOrRefusal } from "~/services/images.server";
import { confirmGuesses, discardGuesses, waitingGuesses } from "./guesses.server";
import { visionStatus } from "./recognize.server";
import { identifyPhoto } from "./upload.server";

/** Recognition's state, and the guesses of the last photo while they wait for the cook to confirm them. */
export async function cameraScreenLoader({ request }: LoaderFunctionArgs) {
  const guesses = await waitingGuesses(request);
  return {
    recognition: visionStatus(),
    guesses:
      guesses?.items.map(({ name, type, alternatives, unsure }) => ({
        name,
        type,
        alternatives,
        unsure: unsure === true,
      })) ?? null,
  };
}

/** What the screen's forms post besides the photo: the cook's choices, or Retake. */
export const CONFIRM_INTENT = "confirm";
export const RETAKE_INTENT = "retake";

/**
 * The screen's forms without JavaScript, and its confirm and Retake forms with it: a photo is recognised and its
 * guesses shown for the cook to confirm (the same screen again, now with the choices); confirmed items join the
 * list and the cook goes to ingredient preview; Retake forgets the guesses. Nothing found or a failure shows the
 * error popup with the reason.
 */
export async function cameraScreenAction({ request }: ActionFunctionArgs) {
  const here = new URL(request.url).pathname;
  const form = await readImageFormOrRefusal(request);
  if (!form.ok) return data({ failure: form.message }, { status: form.status });
  const intent = form.formData.get("intent");
  if (intent === RETAKE_INTENT) return redirect(here, { headers: await discardGuesses(request) });
  if (intent === CONFIRM_INTENT) {
    const confirmed = await confirmGuesses(request, form.formData);
    if (confirmed.ok) return redirect("/ingredient-preview", { headers: confirmed.headers });
    return data({ failure: confirmed.message }, { status: confirmed.gone ? 409 : 422 });
  }
  const outcome = await identifyPhoto(request, form.formData);
  if (outcome.ok && outcome.ingredients.length > 0) return redirect(here, { headers: outcome.headers });
  return data({ failure: outcome.ok ? NOTHING_FOUND : outcome.message }, { status: outcome.ok ? 422 : outcome.status });
}
