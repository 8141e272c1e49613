// Preloaded into the remix-serve process (node --import), which gives the app no hook before Remix:
// - works out the client's address, scheme and host by the trusted-proxy rule (app/services/proxy.mjs) and
//   puts them in request headers that only the server can set (remix-serve gives route modules no access to
//   the socket);
// - answers what refusals.mjs refuses before Remix: state-changing requests from other sites (403; the only
//   cross-site check, so every write to a page or a JSON call passes through it), TRACE (405) and an address
//   with malformed percent-encoding (400);
// - gives every response the security headers it lacks, HSTS when it came over https, and (COOKIE_SECURE
//   unset) cookies marked Secure exactly when it came over https (app/services/response-headers.mjs);
// - bounds a request body at 16 MB before anything buffers it (the app's bounded reader has smaller limits), and
//   answers a body refused before its end with a 413 (or the app's answer) the client can read: the rest of the
//   body is read and dropped rather than the connection reset, which would lose the answer, and the answer says
//   Connection: close;
// - lets the app work on REQUESTS_AT_ONCE requests at once (default 2) and the rest wait their turn in arrival
//   order (admission.mjs, decision 137): under load every request is then answered in about the same time,
//   instead of most quickly and some after seconds; Remix's built assets (/build/) and /healthz never wait;
// - stops gracefully on SIGTERM (graceful-shutdown.mjs).
import { existsSync } from "node:fs";
import http from "node:http";
import { CLIENT_HEADERS, clientView, parseTrustProxy } from "../services/proxy.mjs";
import { headersToSet, withSecureForScheme } from "../services/response-headers.mjs";
import { createAdmission, skipsTheQueue } from "./admission.mjs";
import { trackRequest } from "./graceful-shutdown.mjs";
import { refusalBeforeApp } from "./refusals.mjs";

if (existsSync(".env")) process.loadEnvFile(".env");

const trust = parseTrustProxy(process.env.TRUST_PROXY);
const secureFollowsScheme = (process.env.COOKIE_SECURE ?? "").trim() === "";
const originalEmit = http.Server.prototype.emit;
/** Above the largest legitimate body: an 8 MB photo as a base64 data URL in JSON (about 11 MB). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const BODY_TOO_LARGE = "Request body is too large";
/** Requests the app works on at once (REQUESTS_AT_ONCE, 0 for no limit); measured by bench:tail (decision 137). */
const REQUESTS_AT_ONCE = Number(process.env.REQUESTS_AT_ONCE?.trim() || 2);
/** How long a request counts against REQUESTS_AT_ONCE at most: a slow one (an import's fetch) stops holding others. */
const REQUEST_HOLDS_PLACE_MS = 250;
const admission = createAdmission(REQUESTS_AT_ONCE, REQUEST_HOLDS_PLACE_MS);

/** How long the rest of a refused body is read and dropped before the connection is closed anyway. */
const LINGER_MS = 10_000;

/**
 * Once the answer is out, the connection is half-closed, and what the client still sends is read and dropped until
 * its request ends (or LINGER_MS): closing a socket with unread data resets it, and a reset makes the client's
 * system drop the answer it had not read yet.
 */
function closeAfterTheBody(request) {
  const socket = request.socket;
  if (socket.lingering) return;
  socket.lingering = true;
  const destroySoon = socket.destroySoon;
  socket.destroySoon = function destroyOnceTheBodyIsRead() {
    if (request.complete) return destroySoon.call(this);
    this.end();
    const close = () => this.destroy();
    request.once("end", close);
    request.once("close", close);
    setTimeout(close, LINGER_MS).unref();
    request.resume();
  };
}

/** Answers 413 with Connection: close, unless the app has begun its own answer; what the app answers later is dropped. */
function answerTooLarge(response) {
  if (response.headersSent) return;
  response.writeHead(413, { "Content-Type": "application/json", Connection: "close" });
  response.end(JSON.stringify({ message: BODY_TOO_LARGE }));
  for (const method of ["writeHead", "setHeader", "write", "end"]) response[method] = () => response;
}

/**
 * Bounds the body and keeps a refused one from resetting the connection:
 * - the app giving up on a body (its bounded reader cancels the stream past its limit, which destroys the request
 *   and with it the socket) no longer destroys anything: the rest of the body is read and dropped;
 * - a 413 closes the connection (Connection: close) once the client has sent its body;
 * - a body sent without a length (chunked) that passes 16 MB is answered with a 413 here, the rest dropped.
 */
function boundBody(request, response) {
  let received = 0;
  let dropping = false;
  const closeAfterAnswer = () => {
    response.shouldKeepAlive = false;
    closeAfterTheBody(request);
  };
  const dropTheRest = () => {
    if (dropping || request.complete) return;
    dropping = true;
    closeAfterAnswer();
    request.resume();
  };
  const push = request.push;
  request.push = function pushWithinLimit(chunk, ...rest) {
    received += chunk?.length ?? 0;
    if (received > MAX_BODY_BYTES && !dropping) {
      dropTheRest();
      answerTooLarge(response);
      // An app still reading the body ends with an error instead of waiting for the rest.
      if (this.listenerCount("error") > 0) this.emit("error", new Error(BODY_TOO_LARGE));
    }
    if (dropping && chunk !== null) return true;
    return push.call(this, chunk, ...rest);
  };
  const destroy = request.destroy;
  request.destroy = function dropInsteadOfDestroying(error) {
    // A finished body, or a connection already gone (the client left): destroyed as before.
    if ((this.complete && this.readableEnded) || !this.socket || this.socket.destroyed)
      return destroy.call(this, error);
    dropTheRest();
    return this;
  };
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadClosingOnTooLarge(statusCode, ...rest) {
    if (statusCode === 413) {
      closeAfterAnswer();
      dropTheRest();
    }
    return writeHead.call(this, statusCode, ...rest);
  };
}

/** The headers given to writeHead itself (an object, or a flat [name, value, ...] list) as name → values. */
function headersPassedTo(args) {
  const headers = args.find((arg) => typeof arg === "object" && arg !== null);
  const pairs = !headers
    ? []
    : Array.isArray(headers)
    ? headers.flatMap((value, index) => (index % 2 === 0 ? [[String(value), headers[index + 1]]] : []))
    : Object.entries(headers);
  const grouped = new Map();
  for (const [name, value] of pairs) grouped.set(name, [...(grouped.get(name) ?? []), ...[value].flat()]);
  return grouped;
}

/**
 * Sets what headersToSet says just before the status line and headers go out. Headers given to writeHead are
 * set first, so that they are seen (and completed) too; writeHead then gets only the status and its message.
 */
function addSecurityHeaders(response, https) {
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadWithSecurityHeaders(statusCode, ...rest) {
    for (const [name, values] of headersPassedTo(rest)) this.setHeader(name, values.length === 1 ? values[0] : values);
    const current = (name) => (this.hasHeader(name) ? String(this.getHeader(name)) : undefined);
    for (const [name, value] of headersToSet(current, https)) this.setHeader(name, value);
    const cookies = this.getHeader("set-cookie");
    if (secureFollowsScheme && cookies !== undefined) {
      this.setHeader("Set-Cookie", withSecureForScheme([cookies].flat().map(String), https));
    }
    return writeHead.call(this, statusCode, ...rest.filter((arg) => typeof arg === "string"));
  };
}

http.Server.prototype.emit = function emit(event, ...args) {
  if (event !== "request") return originalEmit.call(this, event, ...args);
  const [request, response] = args;
  trackRequest(response);
  const headers = { get: (name) => request.headers[name.toLowerCase()] ?? null };
  const client = clientView({
    remoteAddress: request.socket.remoteAddress,
    encrypted: Boolean(request.socket.encrypted),
    headers,
    trust,
  });
  request.headers[CLIENT_HEADERS.address] = client.address;
  request.headers[CLIENT_HEADERS.proto] = client.proto;
  request.headers[CLIENT_HEADERS.host] = client.host;
  // Remix's own cross-site check compares Origin with X-Forwarded-Host (else Host) and answers a 500 where they
  // differ: given the host the trusted-proxy rule chose, it agrees with ours, which has refused the rest with a 403.
  request.headers["x-forwarded-host"] = client.host;

  addSecurityHeaders(response, client.proto === "https");
  const refusal = refusalBeforeApp({ method: request.method, url: request.url, headers, publicOrigin: client.origin });
  if (refusal) {
    response.writeHead(refusal.status, { "Content-Type": "application/json", ...refusal.headers });
    response.end(JSON.stringify({ message: refusal.message }));
    return true;
  }
  if (Number(request.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
    closeAfterTheBody(request);
    answerTooLarge(response);
    return true;
  }
  boundBody(request, response);
  if (skipsTheQueue(request.url)) return originalEmit.call(this, event, ...args);
  let finished = () => {};
  let cancel = () => {};
  response.once("close", () => {
    cancel();
    finished();
  });
  cancel = admission.admit((done) => {
    finished = done;
    originalEmit.call(this, event, ...args);
  });
  return true;
};
