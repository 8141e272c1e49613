import { env } from "~/services/env.server";
import { CLIENT_HEADERS, clientView } from "~/services/proxy.mjs";

export type RequestClient = { address: string; proto: "http" | "https"; host: string; origin: string };

/**
 * The client's address and the scheme and host the browser used, by the trusted-proxy rule (TRUST_PROXY): what
 * the HTTP bootstrap worked out from the socket, or, without the bootstrap (development, tests), the same rule
 * applied to the request's own headers. Every part that needs one of them asks here.
 */
export function requestClient(request: Request): RequestClient {
  const { headers } = request;
  const proto = headers.get(CLIENT_HEADERS.proto);
  const host = headers.get(CLIENT_HEADERS.host);
  if ((proto === "http" || proto === "https") && host) {
    return { address: headers.get(CLIENT_HEADERS.address) ?? "unknown", proto, host, origin: `${proto}://${host}` };
  }
  const url = new URL(request.url);
  const viewed = clientView({
    remoteAddress: headers.get(CLIENT_HEADERS.address) ?? undefined,
    encrypted: url.protocol === "https:",
    headers: { get: (name) => headers.get(name) ?? (name === "host" ? url.host : null) },
    trust: env.TRUST_PROXY,
  });
  return viewed as RequestClient;
}
