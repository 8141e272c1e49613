import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";
import { followsInApp } from "~/domain/link-click";

/** Whether the app follows this click on a link itself (followsInApp), read from the link clicked. */
export function isInAppClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const link = event.currentTarget;
  const clicked = { target: link.target, download: link.hasAttribute("download"), origin: link.origin };
  return followsInApp(event, clicked, window.location.origin);
}

/**
 * A click handler for plain `<a href data-discover="true">` links that follows them as Remix's `<Link>` does: a
 * navigation in the app (no page load) for a plain click, the browser's own for anything else, and without
 * JavaScript an ordinary link. For lists of cards: each `<Link>` resolves its address and sets up its handlers
 * on every render, which on a page of 20 cards cost the server a tenth of the page's time (decision 167); here the
 * list sets up one handler. `data-discover` lets Remix find the linked screen's route ahead, as a `<Link>` does.
 */
export function useLinkNavigation(options: { replace?: boolean; preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const { replace, preventScrollReset } = options;
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (!isInAppClick(event)) return;
      event.preventDefault();
      const link = event.currentTarget;
      const to = `${link.pathname}${link.search}${link.hash}`;
      // as a <Link> does: the address already shown is replaced, not added to the history again
      const here = `${location.pathname}${location.search}${location.hash}`;
      navigate(to, { replace: replace ?? to === here, preventScrollReset });
    },
    [navigate, location, replace, preventScrollReset]
  );
}
