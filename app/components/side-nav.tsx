/**
 * The desktop's navigation (from 1024 px; styles in desktop.css): the app's places down the left side, on every
 * screen but the ones that fill the screen on purpose (onboarding, signing in, the cameras, cook mode). On a phone
 * it is not shown: the spec's bottom bar is the phone's navigation.
 */
import { useLocation } from "@remix-run/react";
import { ACCOUNT, HISTORY, HOME, NavList, PLAN, type NavItem } from "~/components/nav-list";
import { Svg, type IconProps } from "~/components/icon-frame";
import { HeartIcon } from "~/components/nav-icons";

const PantryIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="5" y="2" width="14" height="20" rx="2" />
    <path d="M5 10h14M9 6v1M9 13v3" />
  </Svg>
);
const CommunityIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="3" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M15 14.5c3 0 6 1.8 6 5" />
  </Svg>
);

const RecipeBookIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 4.5A1.5 1.5 0 0 1 5.5 3H19v16H5.5A1.5 1.5 0 0 0 4 20.5z" />
    <path d="M4 20.5A1.5 1.5 0 0 0 5.5 22H19v-3M9 7h6M9 11h6" />
  </Svg>
);

const ITEMS: NavItem[] = [
  HOME,
  { to: "/pantry", label: "Pantry", Icon: PantryIcon },
  PLAN,
  { to: "/favorites", label: "Liked", Icon: HeartIcon },
  { to: "/my-recipes", label: "My recipes", Icon: RecipeBookIcon },
  HISTORY,
  { to: "/community", label: "Community", Icon: CommunityIcon },
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
