/**
 * Taking or choosing a photo in the browser: a live camera view (rear camera first, a switch to the front
 * one), a shutter that captures a JPEG, an upload of any image file, and a preview with Retake and a
 * confirm button the screen names ("Send", "Next"). Needs JavaScript; screens offer PhotoFileForm until it
 * runs. Shared by the ingredient camera screens and the dish-photo screen.
 */
import { Form } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { CameraIcon, ImageIcon, SwitchCameraIcon } from "~/components/icons";

type Facing = "environment" | "user";

/** Without JavaScript: the phone's camera or any image file, posted to the screen (with `children`, hidden fields). */
export function PhotoFileForm({
  label,
  submitLabel,
  children,
}: {
  label: string;
  submitLabel: string;
  children?: ReactNode;
}) {
  const inputId = useId();
  return (
    <Form method="post" encType="multipart/form-data" className="stack camera-form">
      {children}
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <input id={inputId} name="image" type="file" accept="image/*" capture="environment" required />
      </div>
      <button type="submit" className="button button-primary">
        {submitLabel}
      </button>
    </Form>
  );
}

const CAMERA_DENIED = "Camera access was denied. You can upload a photo instead.";
const NO_CAMERA = "No camera was found. You can upload a photo instead.";
const CAMERA_BUSY = "The camera could not be started. You can upload a photo instead.";
const CAMERA_UNSUPPORTED = "The camera cannot be used in this browser. You can upload a photo instead.";

/** Photos are sent at most this large: plenty to recognise food, quick to send from a phone. */
const MAX_PHOTO_SIDE = 1280;
const JPEG_QUALITY = 0.9;

type CameraState = { status: "starting" | "live" } | { status: "unavailable"; message: string };

function cameraProblem(error: unknown): string {
  switch ((error as { name?: string } | null)?.name) {
    case "NotAllowedError":
    case "SecurityError":
      return CAMERA_DENIED;
    case "NotFoundError":
    case "OverconstrainedError":
      return NO_CAMERA;
    case "NotReadableError":
    case "AbortError":
      return CAMERA_BUSY;
    default:
      return CAMERA_UNSUPPORTED;
  }
}

/** A JPEG data URL of the picture, scaled down to MAX_PHOTO_SIDE. */
function jpegOf(source: CanvasImageSource, width: number, height: number): string {
  const scale = Math.min(1, MAX_PHOTO_SIDE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext("2d")!.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL("image/jpeg", JPEG_QUALITY);
}

function fileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A chosen file as a JPEG; a format the browser cannot draw (HEIC in most) is passed on for the server to judge. */
async function photoOfFile(file: File): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return fileAsDataUrl(file);
  }
  try {
    return jpegOf(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

export function CameraCapture({
  confirmLabel,
  onConfirm,
  disabled = false,
}: {
  confirmLabel: string;
  /** the photo as a JPEG data URL (or the chosen file's own, when the browser cannot draw it) */
  onConfirm: (photo: string) => void;
  disabled?: boolean;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const uploadId = useId();
  const [facing, setFacing] = useState<Facing>("environment");
  const [camera, setCamera] = useState<CameraState>({ status: "starting" });
  const [photo, setPhoto] = useState<string | null>(null);
  const live = photo === null;

  // The camera runs only while its view is shown; taking a photo or leaving the screen stops it.
  useEffect(() => {
    if (!live) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      setCamera({ status: "unavailable", message: CAMERA_UNSUPPORTED });
      return;
    }
    let stream: MediaStream | null = null;
    let stopped = false;
    setCamera({ status: "starting" });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: facing } }, audio: false })
      .then(async (started) => {
        stream = started;
        if (stopped || !videoRef.current) return started.getTracks().forEach((track) => track.stop());
        videoRef.current.srcObject = started;
        await videoRef.current.play().catch(() => undefined);
        if (!stopped) setCamera({ status: "live" });
      })
      .catch((error) => {
        if (!stopped) setCamera({ status: "unavailable", message: cameraProblem(error) });
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [facing, live]);

  const capture = () => {
    const video = videoRef.current;
    if (video?.videoWidth) setPhoto(jpegOf(video, video.videoWidth, video.videoHeight));
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) setPhoto(await photoOfFile(file));
  };

  if (photo) {
    return (
      <section className="camera-capture" aria-label="Photo preview">
        <div className="camera-frame">
          {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the cook's own photo */}
          <img src={photo} alt="Your photo" />
        </div>
        <div className="camera-preview-actions">
          <button type="button" className="button button-secondary" onClick={() => setPhoto(null)} disabled={disabled}>
            Retake
          </button>
          <button type="button" className="button button-primary" onClick={() => onConfirm(photo)} disabled={disabled}>
            {confirmLabel}
          </button>
        </div>
      </section>
    );
  }

  const unavailable = camera.status === "unavailable";
  return (
    <section className="camera-capture" aria-label="Camera">
      <div className="camera-frame" data-state={camera.status}>
        <video
          ref={videoRef}
          className={facing === "user" ? "camera-mirrored" : undefined}
          playsInline
          muted
          aria-label="Live camera view"
          hidden={unavailable}
        />
        {camera.status === "starting" ? <p className="camera-note">Starting the camera...</p> : null}
        {unavailable ? (
          <p className="camera-note" role="alert">
            <CameraIcon />
            {camera.message}
          </p>
        ) : null}
      </div>
      <div className="camera-controls">
        <label
          htmlFor={uploadId}
          className={unavailable ? "button button-primary camera-upload" : "icon-button camera-upload"}
        >
          <ImageIcon />
          <span className={unavailable ? undefined : "visually-hidden"}>Upload a photo</span>
        </label>
        <input
          id={uploadId}
          type="file"
          accept="image/*"
          className="visually-hidden"
          onChange={choose}
          disabled={disabled}
        />
        {unavailable ? null : (
          <>
            <button
              type="button"
              className="camera-shutter"
              aria-label="Take photo"
              onClick={capture}
              disabled={camera.status !== "live"}
            />
            <button
              type="button"
              className="icon-button"
              aria-label={facing === "environment" ? "Switch to the front camera" : "Switch to the rear camera"}
              onClick={() => setFacing(facing === "environment" ? "user" : "environment")}
            >
              <SwitchCameraIcon />
            </button>
          </>
        )}
      </div>
    </section>
  );
}
