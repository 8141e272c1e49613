import { Writable } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
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
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let allRendered = false;
    /** the status as the shell was rendered: an error after it is logged, as when the page was streamed */
    let shellStatus = responseStatusCode;
    let abortTimer: NodeJS.Timeout | undefined;
    // The whole page in one piece: no screen shows anything before all of it is there (no part of it waits for
    // data after the shell), and one write costs far less than a stream of 2 KB pieces, each passed through a
    // web stream, written, flushed and (by the compression middleware) compressed on its own (decision 160).
    const page = new PageBuffer();
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          shellStatus = responseStatusCode;
        },
        onAllReady() {
          // Nothing is left to abort: the timer would only keep the whole render in memory for ABORT_DELAY
          // (under load, hundreds of them, which the garbage collector then has to move to the old space).
          allRendered = true;
          clearTimeout(abortTimer);
          page.once("finish", () => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(page.body(), { headers: responseHeaders, status: shellStatus }));
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged (never shown to users).
          if (shellRendered) console.error(error);
        },
      }
    );
    if (!allRendered) abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

/** Collects what React writes, for one answer of one piece. */
class PageBuffer extends Writable {
  private readonly chunks: Buffer[] = [];

  _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void) {
    this.chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    done();
  }

  body(): Uint8Array<ArrayBuffer> {
    // Buffer.concat makes a buffer of its own, never a view of a shared one
    return Buffer.concat(this.chunks) as Uint8Array<ArrayBuffer>;
  }
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
