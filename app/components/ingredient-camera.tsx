/**
 * The ingredient camera screens (/camera 'Identify the Ingredient', /camera-search 'Add Ingredients'): with
 * JavaScript the live camera, sent to POST /api/upload; without it a file form posted to the screen's action
 * (cameraScreenAction). What the photo shows is offered as guesses for the cook to confirm (PhotoGuesses);
 * confirmed ingredients join the list and the user goes to ingredient preview; nothing found or a failure
 * shows the error popup.
 */
import type { SerializeFrom } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { CameraCapture, PhotoFileForm } from "~/components/camera-capture";
import { FormMessage } from "~/components/flash";
import { useHydrated } from "~/components/use-hydrated";
import { CloseIcon } from "~/components/icons";
import { ModalDialog } from "~/components/modal-dialog";
import { PhotoGuesses } from "~/components/photo-guesses";
import { PendingOverlay } from "~/components/pending-overlay";
import { ConnectionError, postJson, serverMessage } from "~/domain/api-client";
import { NOTHING_FOUND } from "~/domain/vision";
import type { cameraScreenAction, cameraScreenLoader } from "~/services/vision/camera-screen.server";

const PROCESSING = "Processing your image, please wait...";
const ERROR_TITLE = "Error Please try again";
/** Recognition by a local model or a remote endpoint can take a while; past this the user may try again. */
const UPLOAD_TIMEOUT_MS = 60_000;

function ErrorPopup({ reason, onClose }: { reason: string; onClose: (() => void) | null }) {
  const titleId = useId();
  const reasonId = useId();
  const { pathname } = useLocation();
  return (
    <ModalDialog role="alertdialog" titleId={titleId} descriptionId={reasonId} onClose={onClose ?? (() => undefined)}>
      <h2 id={titleId}>{ERROR_TITLE}</h2>
      <p id={reasonId}>{reason}</p>
      <div className="modal-dialog-actions">
        {onClose ? (
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog focuses its action
          <button type="button" className="button button-primary" onClick={onClose} autoFocus>
            Close
          </button>
        ) : (
          <Link to={pathname} className="button button-primary">
            Close
          </Link>
        )}
      </div>
    </ModalDialog>
  );
}

export const RECOGNITION_LOADING =
  "Getting photo recognition ready... You can take your photo now; it will be read as soon as it is.";
export const TYPE_INSTEAD = "You can still add your ingredients by typing them.";
/** While the model loads, the screen asks again this often, so the message goes once it is ready. */
const LOADING_RECHECK_MS = 2_000;

/** What the screen says about recognition: nothing when ready, a note while it starts, the reason when it cannot run. */
function RecognitionState({ recognition }: { recognition: SerializeFrom<typeof cameraScreenLoader>["recognition"] }) {
  const revalidator = useRevalidator();
  const loading = recognition.state === "loading";
  useEffect(() => {
    if (!loading || revalidator.state !== "idle") return;
    const timer = setTimeout(() => revalidator.revalidate(), LOADING_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [loading, revalidator]);
  if (recognition.state === "loading") return <FormMessage type="success" message={RECOGNITION_LOADING} />;
  if (recognition.state === "ready") return null;
  return (
    <div className="form-message form-message-error" role="alert">
      <p>{recognition.message}</p>
      <p>
        {TYPE_INSTEAD} <Link to="/search">Type your ingredients</Link>
      </p>
    </div>
  );
}

export function IngredientCamera({
  title,
  closeTo,
  closeLabel,
}: {
  title: string;
  closeTo: string;
  closeLabel: string;
}) {
  const { recognition, guesses } = useLoaderData<typeof cameraScreenLoader>();
  const actionData = useActionData<typeof cameraScreenAction>();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<typeof actionData>(undefined);
  // the guesses arrive with the screen's data again, once the upload has kept them for the cook to confirm
  useEffect(() => {
    if (guesses) setProcessing(false);
  }, [guesses]);

  const send = async (photo: string) => {
    setProcessing(true);
    try {
      const reply = await postJson("/api/upload", { image: photo }, UPLOAD_TIMEOUT_MS);
      const found = Array.isArray(reply.body.ingredients) ? reply.body.ingredients.length : 0;
      if (reply.status === 200 && found > 0) {
        revalidator.revalidate();
        return;
      }
      setFailure(reply.status === 200 ? NOTHING_FOUND : serverMessage(reply, NOTHING_FOUND));
    } catch (error) {
      setFailure(error instanceof ConnectionError ? error.message : NOTHING_FOUND);
    }
    setProcessing(false);
  };

  const reason = failure ?? (actionData !== dismissed ? actionData?.failure ?? null : null);
  const closePopup = () => {
    setFailure(null);
    setDismissed(actionData);
  };
  return (
    <main className="camera-screen">
      <header className="screen-header">
        <Link to={closeTo} className="icon-button" aria-label={closeLabel}>
          <CloseIcon />
        </Link>
        <h1>{title}</h1>
      </header>
      <RecognitionState recognition={recognition} />
      {guesses ? (
        <PhotoGuesses items={guesses} />
      ) : hydrated ? (
        <CameraCapture confirmLabel="Send" onConfirm={send} disabled={processing} />
      ) : (
        <PhotoFileForm label="Photo of your ingredients" submitLabel="Send" />
      )}
      {processing ? <PendingOverlay message={PROCESSING} /> : null}
      {reason ? <ErrorPopup reason={reason} onClose={hydrated ? closePopup : null} /> : null}
    </main>
  );
}
