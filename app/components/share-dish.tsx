/**
 * The recipe screen's 'Share your dish' block: a photo of the cooked dish (a file, or one taken on /camera-share-dish)
 * and its caption, posted to the community feed.
 *
 * How the recipe screen uses it:
 *   loader:    `sharedDishImage: await sharedDishImage(request, userId, recipeId)` (~/services/dish-draft.server)
 *   component: `<ShareDish recipeId={menu.menu_id} sharedDishImage={data.sharedDishImage} />`
 *
 * 'Take a photo' opens /camera-share-dish in this screen's place in the history; its Next uploads the photo
 * and comes back here, where `sharedDishImage` replaces the placeholder and hides the two buttons. 'Select
 * photo' picks a file, shown at once with JavaScript. Submit posts the photo and caption to /community (one
 * multipart form, the same without JavaScript) and the feed opens; Cancel goes back to the placeholder
 * (a taken photo is deleted through /camera-share-dish).
 */
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { CameraIcon, ImageIcon } from "~/components/icons";
import { communityPath, MAX_CAPTION_LENGTH } from "~/domain/community-messages";

export const DISH_PLACEHOLDER_IMAGE = "/images/dish-placeholder.svg";

export function ShareDish({ recipeId, sharedDishImage }: { recipeId: number; sharedDishImage: string | null }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: `share-dish-${recipeId}` });
  const fileId = useId();
  const captionId = useId();
  /** an object URL of the file picked with 'Select photo' */
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    if (picked) return () => URL.revokeObjectURL(picked);
  }, [picked]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPicked(file ? URL.createObjectURL(file) : null);
  };

  const photo = sharedDishImage ?? picked;
  // Without JavaScript nothing can show the picked file: the picker and caption are always there.
  const choosing = !photo || !hydrated;
  const sending = fetcher.state !== "idle";

  return (
    <section id="share-dish" className="menu-section share-dish" aria-labelledby="share-dish-title">
      <h2 id="share-dish-title">Share your dish</h2>
      <fetcher.Form
        method="post"
        action={`/community?menu_id=${recipeId}`}
        encType="multipart/form-data"
        className="share-dish-form"
        onSubmit={(event) => {
          // one post per press, however often Submit is pressed while it is on its way
          if (sending) event.preventDefault();
        }}
      >
        <input type="hidden" name="menu_id" value={recipeId} />
        <img
          className="share-dish-photo"
          src={photo ?? DISH_PLACEHOLDER_IMAGE}
          alt={photo ? "Your dish photo" : ""}
          width={480}
          height={360}
        />
        {choosing && !sharedDishImage ? (
          <div className="share-dish-buttons">
            <Link to={`/camera-share-dish?menu_id=${recipeId}`} replace className="button button-secondary">
              <CameraIcon /> Take a photo
            </Link>
            <label
              htmlFor={fileId}
              className={hydrated ? "button button-secondary share-dish-select" : "share-dish-select-label"}
            >
              <ImageIcon /> Select photo
            </label>
          </div>
        ) : null}
        {sharedDishImage ? null : (
          <input
            id={fileId}
            name="image"
            type="file"
            accept="image/*"
            className={hydrated ? "visually-hidden share-dish-file" : "share-dish-file"}
            onChange={pick}
          />
        )}
        {photo || !hydrated ? (
          <>
            <div className="field">
              <label htmlFor={captionId}>Caption</label>
              <textarea
                id={captionId}
                name="caption"
                rows={3}
                maxLength={MAX_CAPTION_LENGTH}
                placeholder="How did it turn out?"
              />
            </div>
            <div className="share-dish-actions">
              <button
                type="submit"
                name="intent"
                value="share"
                className="button button-primary"
                aria-disabled={sending}
              >
                {sending ? "Sharing..." : "Submit"}
              </button>
              {sharedDishImage ? (
                <button
                  type="submit"
                  name="intent"
                  value="discard"
                  formAction={`/camera-share-dish?menu_id=${recipeId}`}
                  className="button button-secondary"
                  aria-disabled={sending}
                >
                  Cancel
                </button>
              ) : (
                <button type="reset" className="button button-secondary" onClick={() => setPicked(null)}>
                  Cancel
                </button>
              )}
            </div>
          </>
        ) : null}
      </fetcher.Form>
      <Link to={communityPath({ recipeId })} className="button button-secondary share-dish-community">
        See the Community
      </Link>
    </section>
  );
}
