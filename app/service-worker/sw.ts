/**
 * The service worker (decision 113), bundled with Workbox by app/cli/build-workers.mjs into $BUILD_DIR/sw.js and
 * served at /sw.js. Screens the cook reads in the shop are network first with the copy kept as the fallback; the
 * build's files (hashed names, never changed) cache first. Taps made offline are not its job: the list queues them.
 */
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { KEPT_RECIPE_ENTRIES, LIST_PAGES, RECIPE_PAGES } from "./offline-routes";

type ExtendableEvent = Event & { waitUntil(work: Promise<unknown>): void };
type MessageEvent = ExtendableEvent & { data: unknown };
type FetchEvent = ExtendableEvent & { request: Request };
declare const self: {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
};
/** The first-load files of the screens kept offline, put here by the build. */
declare const PRECACHE_ENTRIES: { url: string; revision: string | null }[];

const LISTS_CACHE = "offline-lists";
const RECIPES_CACHE = "offline-recipes";

precacheAndRoute(PRECACHE_ENTRIES);
cleanupOutdatedCaches();

const lists = new NetworkFirst({ cacheName: LISTS_CACHE });
const recipes = new NetworkFirst({
  cacheName: RECIPES_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: KEPT_RECIPE_ENTRIES })],
});
const sameOriginGet = (url: URL, request: Request) => url.origin === self.location.origin && request.method === "GET";
registerRoute(({ url, request }) => sameOriginGet(url, request) && LIST_PAGES.test(url.pathname), lists);
registerRoute(({ url, request }) => sameOriginGet(url, request) && RECIPE_PAGES.test(url.pathname), recipes);
registerRoute(
  ({ url, request }) =>
    sameOriginGet(url, request) && (url.pathname.startsWith("/build/") || url.pathname.startsWith("/icons/")),
  new CacheFirst({ cacheName: "offline-files", plugins: [new ExpirationPlugin({ maxEntries: 300 })] })
);

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/**
 * The page this worker was installed from loaded before the worker ran: the page asks for its own address to be
 * kept (`{ keep: "/shoppinglist" }`), so that the first visit is enough to read it offline.
 */
self.addEventListener("message", (event) => {
  const keep = (event.data as { keep?: unknown } | null)?.keep;
  if (typeof keep !== "string") return;
  const url = new URL(keep, self.location.origin);
  if (url.origin !== self.location.origin) return;
  const strategy = LIST_PAGES.test(url.pathname) ? lists : RECIPE_PAGES.test(url.pathname) ? recipes : null;
  if (strategy) event.waitUntil(strategy.handle({ request: new Request(url), event }).catch(() => undefined));
});

/** Signing out forgets the screens kept for the cook who was signed in. */
self.addEventListener("fetch", (event) => {
  if (new URL(event.request.url).pathname !== "/logout") return;
  event.waitUntil(Promise.all([caches.delete(LISTS_CACHE), caches.delete(RECIPES_CACHE)]));
});
