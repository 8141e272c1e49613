import { loader as rootLoader } from "~/root";
import type { FlashMessage } from "~/services/session.server";
import { cookiesAfter, getRequest, run } from "./requests";

/** The root loader's answer for the screen at `path`: the flash it shows, and the header that clears it. */
export function rootAnswer(path: string, cookie: string | null): Promise<Response> {
  return run(() => rootLoader({ request: getRequest(path, { cookie }), params: {}, context: {} }));
}

/** The message the screen at `path` shows to a browser sending `cookie`. */
export async function flashOn(path: string, cookie: string | null): Promise<FlashMessage | null> {
  return ((await (await rootAnswer(path, cookie)).json()) as { flash: FlashMessage | null }).flash;
}

/** The message a redirect carries to the screen it sends the browser to (null when it is no redirect or has none). */
export async function flashAfter(response: Response, cookie: string | null = null): Promise<FlashMessage | null> {
  const location = response.headers.get("Location");
  if (!location) return null;
  const url = new URL(location, "http://localhost:3000");
  return flashOn(url.pathname + url.search, cookiesAfter(cookie, response));
}
