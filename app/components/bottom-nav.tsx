import { ACCOUNT, HISTORY, HOME, NavList, PLAN, type NavItem } from "~/components/nav-list";

const ITEMS: NavItem[] = [
  HOME,
  { to: "/favorites", label: "Favorites", icon: "heart" },
  { to: "/camera", label: "Camera", icon: "camera", className: "bottom-nav-camera" },
  HISTORY,
  PLAN,
  ACCOUNT,
];

/** Shown only on /home, /favorites, /history and /account (the _tabs layout). */
export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <NavList items={ITEMS} />
    </nav>
  );
}
