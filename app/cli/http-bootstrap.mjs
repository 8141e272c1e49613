// Preloaded into the remix-serve process (node --import), which gives the app no hook before Remix:
// - copies the client address into a request header that only the server can set (remix-serve gives
//   route modules no access to the socket); with TRUST_PROXY=true the proxy's X-Forwarded-For is used;
// - refuses state-changing requests from other sites with a 403 before Remix (whose own check answers 500).
import { existsSync } from "node:fs";
import http from "node:http";
import { CROSS_SITE_MESSAGE, isCrossSiteWrite } from "../services/origin.mjs";

if (existsSync(".env")) process.loadEnvFile(".env");

const CLIENT_ADDRESS_HEADER = "x-recipe-helper-client-address";
const trustProxy = process.env.TRUST_PROXY === "true";
const originalEmit = http.Server.prototype.emit;

http.Server.prototype.emit = function emit(event, ...args) {
  if (event !== "request") return originalEmit.call(this, event, ...args);
  const [request, response] = args;
  const forwarded = trustProxy ? String(request.headers["x-forwarded-for"] ?? "").split(",")[0].trim() : "";
  request.headers[CLIENT_ADDRESS_HEADER] = forwarded || request.socket.remoteAddress || "unknown";

  const headers = { get: (name) => request.headers[name.toLowerCase()] ?? null };
  if (isCrossSiteWrite(request.method ?? "GET", headers, `http://${request.headers.host ?? "localhost"}`)) {
    response.writeHead(403, { "Content-Type": "application/json", "X-Content-Type-Options": "nosniff" });
    response.end(JSON.stringify({ message: CROSS_SITE_MESSAGE }));
    return true;
  }
  return originalEmit.call(this, event, ...args);
};
