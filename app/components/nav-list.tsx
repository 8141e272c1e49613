/** The links of the app's navigations (the phone's bottom bar, the desktop's side navigation), and their shared items. */
import { PrefetchPageLinks, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { iconMarkup } from "~/components/icon-frame";
import { NAV_ICON_SHAPES } from "~/components/nav-icons";
import { useLinkNavigation } from "~/components/use-link-navigation";
import { escapeHtml } from "~/domain/html-text";
import { isNavItemActive } from "~/domain/link-click";

export interface NavItem {
  to: string;
  label: string;
  icon: keyof typeof NAV_ICON_SHAPES;
  className?: string;
}

export const HOME: NavItem = { to: "/home", label: "Home", icon: "home" };
export const HISTORY: NavItem = { to: "/history", label: "History", icon: "history" };
export const ACCOUNT: NavItem = { to: "/account", label: "Account", icon: "user" };
export const PLAN: NavItem = { to: "/plan", label: "Plan", icon: "calendar" };

/** A link's icon and label, written by React in one piece (iconMarkup). */
const linkContent = ({ icon, label }: NavItem) =>
  `${iconMarkup(NAV_ICON_SHAPES[icon])}<span>${escapeHtml(label)}</span>`;

/** How long a pointer or focus rests on a link before its screen's data and code are fetched ahead (as Remix's). */
const INTENT_DELAY_MS = 100;

/**
 * The links of a navigation, the current screen's marked (class "active", aria-current="page"), each screen
 * fetched ahead when a pointer or focus rests on its link: what Remix's `<NavLink prefetch="intent">` does, with
 * one location, one click handler and one prefetch for the list instead of a NavLink's hooks per link (every
 * screen draws this list; its eight NavLinks cost a tenth of a page: decision 167).
 */
export function NavList({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation();
  const follow = useLinkNavigation();
  const [intent, setIntent] = useState<string | null>(null);
  const [prefetched, setPrefetched] = useState<string | null>(null);
  useEffect(() => {
    if (intent === null) return;
    const timer = setTimeout(() => setPrefetched(intent), INTENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [intent]);
  const cancel = () => {
    setIntent(null);
    setPrefetched(null);
  };
  return (
    <>
      <ul>
        {items.map((item) => {
          const { to, className } = item;
          const active = isNavItemActive(pathname, to);
          const start = () => setIntent(to);
          return (
            <li key={to}>
              <a
                href={to}
                className={active ? (className ? `${className} active` : "active") : className}
                aria-current={active ? "page" : undefined}
                data-discover="true"
                onClick={follow}
                onFocus={start}
                onMouseEnter={start}
                onTouchStart={start}
                onBlur={cancel}
                onMouseLeave={cancel}
                dangerouslySetInnerHTML={{ __html: linkContent(item) }}
              />
            </li>
          );
        })}
      </ul>
      {prefetched ? <PrefetchPageLinks page={prefetched} /> : null}
    </>
  );
}
