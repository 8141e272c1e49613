/** The loader and action the ingredient camera screens (/camera, /camera-search) share. */
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { NOTHING_FOUND } from "~/domain/vision";
import { visionStatus } from "./recognize.server";
import { identifyPhoto } from "./upload.server";

export function cameraScreenLoader() {
  return { recognition: visionStatus() };
}

/**
 * The photo form without JavaScript: found ingredients go to the list and the user to ingredient preview;
 * otherwise the screen shows the error popup with the reason.
 */
export async function cameraScreenAction({ request }: ActionFunctionArgs) {
  const outcome = await identifyPhoto(request);
  if (outcome.ok && outcome.ingredients.length > 0)
    return redirect("/ingredient-preview", { headers: outcome.headers });
  return data({ failure: outcome.ok ? NOTHING_FOUND : outcome.message }, { status: outcome.ok ? 422 : outcome.status });
}
