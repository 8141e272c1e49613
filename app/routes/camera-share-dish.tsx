import { data, replace, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { CameraCapture, PhotoFileForm } from "~/components/camera-capture";
import { FormMessage } from "~/components/flash";
import { useHydrated } from "~/components/use-hydrated";
import { CloseIcon } from "~/components/icons";
import { useFormBusy } from "~/components/use-form-busy";
import { COMMUNITY_MESSAGES } from "~/domain/community-messages";
import { photoFile } from "~/domain/photo-file";
import { parseId } from "~/domain/ids";
import { findVisibleRecipeName } from "~/services/recipe-lookup.server";
import { clearDishDraft, saveDishDraft } from "~/services/dish-draft.server";
import { readImageFormOrRefusal } from "~/services/images.server";
import { requireUserId } from "~/services/session.server";

/**
 * /camera-share-dish?menu_id=<id>: the photo of a cooked dish. Next uploads it and
 * goes back to the recipe, which shows it waiting for a caption (app/services/dish-draft.server.ts). The
 * recipe screen's Cancel posts `intent=discard` here to drop it.
 */

export const meta: MetaFunction = () => [{ title: "Take your dish photo · Recipe Helper" }];

const UPLOADING = "Uploading your photo...";

const recipePath = (recipeId: number) => `/menu-detail/${recipeId}`;

/** The recipe a dish photo is for: one everyone sees, as the post will be. */
async function findRecipe(recipeId: number | null) {
  return recipeId ? findVisibleRecipeName(recipeId, null) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserId(request);
  const menu = await findRecipe(parseId(new URL(request.url).searchParams.get("menu_id") ?? undefined));
  if (!menu) throw new Response("Not Found", { status: 404 });
  return { menu };
}

export async function action({ request }: ActionFunctionArgs) {
  const userId = await requireUserId(request);
  const read = await readImageFormOrRefusal(request);
  if (!read.ok) return data({ error: read.message }, { status: read.status });
  const { formData } = read;
  const menu = await findRecipe(parseId(String(formData.get("menu_id") ?? "")));
  if (!menu) return data({ error: COMMUNITY_MESSAGES.menuNotFound }, { status: 404 });
  // In place of this screen (or of the recipe, for its Cancel) in the history, as the recipe opened this one.
  const backToRecipe = (cookie: string) =>
    replace(`${recipePath(menu.id)}#share-dish`, { headers: { "Set-Cookie": cookie } });

  if (formData.get("intent") === "discard") return backToRecipe(await clearDishDraft(request, userId));
  const file = formData.get("image");
  if (!(file instanceof File) || file.size === 0)
    return data({ error: COMMUNITY_MESSAGES.photoMissing }, { status: 400 });
  const saved = await saveDishDraft(request, userId, menu.id, file);
  if (!saved.ok) return data({ error: saved.message }, { status: saved.status });
  return backToRecipe(saved.cookie);
}

export default function CameraShareDishScreen() {
  const { menu } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const uploading = useFormBusy({ method: "POST" });

  // The recipe screen opened this one in its place in the history; Next and close put the recipe back there.
  const next = (photo: string) => {
    const form = new FormData();
    form.set("menu_id", String(menu.id));
    form.set("image", photoFile(photo));
    submit(form, { method: "post", encType: "multipart/form-data", replace: true });
  };

  return (
    <main className="camera-screen">
      <header className="screen-header">
        <Link to={recipePath(menu.id)} replace className="icon-button" aria-label={`Close, back to ${menu.name}`}>
          <CloseIcon />
        </Link>
        <h1>Take your dish photo</h1>
      </header>
      <FormMessage type="error" message={actionData?.error} />
      {hydrated ? (
        <CameraCapture confirmLabel="Next" onConfirm={next} disabled={uploading} />
      ) : (
        <PhotoFileForm label="Photo of your dish" submitLabel="Next">
          <input type="hidden" name="menu_id" value={menu.id} />
        </PhotoFileForm>
      )}
      {uploading ? (
        <p className="pending-overlay" role="status">
          {UPLOADING}
        </p>
      ) : null}
    </main>
  );
}
