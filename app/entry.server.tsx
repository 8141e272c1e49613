import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import { sweepAbandonedDishPhotosHourly } from "~/services/dish-draft.server";
import { warmRecipeIndex } from "~/services/recipe-index.server";
import { isJsonPageCall, jsonPageAnswer } from "~/services/json-page-calls.server";
import { startReminderSchedule } from "~/services/use-soon-reminder.server";
import { applySecurityHeaders, createNonce } from "~/services/security.server";
import { warmVision } from "~/services/vision/recognize.server";

const ABORT_DELAY = 5_000;

// Once, as the server loads the app: in the background, so the start neither waits for them nor fails with them.
void warmRecipeIndex();
void sweepAbandonedDishPhotosHourly();
startReminderSchedule();
warmVision();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext
) {
  if (isJsonPageCall(request)) return jsonPageAnswer(remixContext, responseStatusCode, responseHeaders);
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, nonce, process.env.NODE_ENV === "development");
  // Screens show the user's own, changing data: going back must ask the server again, not reuse an old copy.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let allRendered = false;
    let abortTimer: NodeJS.Timeout | undefined;
    const stream = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        })
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) stream();
        },
        onAllReady() {
          // Nothing is left to abort: the timer would only keep the whole render in memory for ABORT_DELAY
          // (under load, hundreds of them, which the garbage collector then has to move to the old space).
          allRendered = true;
          clearTimeout(abortTimer);
          if (waitForAll) stream();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already streaming; log them (never shown to users).
          if (shellRendered) console.error(error);
        },
      }
    );
    if (!allRendered) abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
