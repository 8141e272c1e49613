/**
 * Shared data shown on a screen (the household's pantry, its shopping list) is read again when the tab regains focus
 * and every REFRESH_MS while it is visible, so that what another member changed shows up. Not while a form or a
 * fetcher of the screen is on its way: its own reload follows it.
 */
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

export const REFRESH_MS = 30_000;

export function useRefreshWhileOpen({ enabled = true, intervalMs = REFRESH_MS } = {}) {
  const revalidator = useRevalidator();
  const busy = useNavigation().state !== "idle" || useFetchers().some((fetcher) => fetcher.state !== "idle");
  const latest = useRef({ revalidator, busy });
  latest.current = { revalidator, busy };
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => {
      const { revalidator: current, busy: working } = latest.current;
      // offline the list stays as it was (what the service worker kept) rather than failing to load
      if (document.visibilityState !== "visible" || !navigator.onLine || working || current.state !== "idle") return;
      current.revalidate();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    const timer = window.setInterval(refresh, intervalMs);
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [enabled, intervalMs]);
}
