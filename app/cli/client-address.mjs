// Preloaded into the remix-serve process (node --import). remix-serve gives route modules no access to the
// socket, so this copies the client address into a request header that only the server itself can set.
// With TRUST_PROXY=true the first X-Forwarded-For address (set by the trusted reverse proxy) is used.
import http from "node:http";

const HEADER = "x-recipe-helper-client-address";
const trustProxy = process.env.TRUST_PROXY === "true";
const originalEmit = http.Server.prototype.emit;

http.Server.prototype.emit = function emit(event, ...args) {
  if (event === "request") {
    const [request] = args;
    const forwarded = trustProxy ? String(request.headers["x-forwarded-for"] ?? "").split(",")[0].trim() : "";
    request.headers[HEADER] = forwarded || request.socket.remoteAddress || "unknown";
  }
  return originalEmit.call(this, event, ...args);
};
