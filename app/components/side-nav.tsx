/**
 * The desktop's navigation (from 1024 px; styles in desktop.css): the app's places down the left side, on every
 * screen but the ones that fill the screen on purpose (onboarding, signing in, the cameras, cook mode). On a phone
 * it is not shown: the spec's bottom bar is the phone's navigation.
 */
import { useLocation } from "@remix-run/react";
import { ACCOUNT, HISTORY, HOME, NavList, PLAN, type NavItem } from "~/components/nav-list";

const ITEMS: NavItem[] = [
  HOME,
  { to: "/pantry", label: "Pantry", icon: "pantry" },
  PLAN,
  { to: "/favorites", label: "Liked", icon: "heart" },
  { to: "/my-recipes", label: "My recipes", icon: "recipeBook" },
  HISTORY,
  { to: "/community", label: "Community", icon: "community" },
  ACCOUNT,
];

/** Screens without it: full-screen on purpose, or before the cook is in. */
const WITHOUT = [/^\/$/, /^\/login/, /^\/signup/, /^\/reset-password/, /^\/camera/, /^\/cook\//];

export function showsSideNav(pathname: string): boolean {
  return !WITHOUT.some((pattern) => pattern.test(pathname));
}

export function SideNav() {
  const { pathname } = useLocation();
  if (!showsSideNav(pathname)) return null;
  return (
    <nav className="side-nav" aria-label="Main">
      <p className="side-nav-brand">Recipe Helper</p>
      <NavList items={ITEMS} />
    </nav>
  );
}
