import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import type { FlashMessage } from "~/services/session.server";

/** The message the last redirect sent to this screen (taken by the root loader), or null. */
export function useFlash(): FlashMessage | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.flash ?? null;
}

/** The screen's flash message, where the screen places it. */
export function Flash() {
  const flash = useFlash();
  return flash ? <FormMessage type={flash.type} message={flash.message} /> : null;
}

/** A form's or a redirect's message: an alert for an error, a status for a success. */
export function FormMessage({ type, message }: { type: "success" | "error"; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className={`form-message form-message-${type}`} role={type === "error" ? "alert" : "status"}>
      {message}
    </p>
  );
}
