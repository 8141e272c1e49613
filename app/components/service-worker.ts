import { keepsOffline } from "~/service-worker/offline-routes";

/**
 * Registers the service worker (decision 113) once the page has loaded, and asks it to keep the screen the cook is
 * on when it is one read offline: that first visit loaded before the worker ran. Where service workers are missing
 * (an insecure address, an old browser) the app works as before, online.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || process.env.NODE_ENV !== "production") return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
    void navigator.serviceWorker.ready.then((registration) => {
      if (keepsOffline(window.location.pathname)) registration.active?.postMessage({ keep: window.location.pathname });
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
