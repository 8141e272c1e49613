import { NavLink } from "@remix-run/react";
import type { ComponentType } from "react";
import { CalendarIcon, CameraIcon, HeartIcon, HistoryIcon, HomeIcon, UserIcon } from "~/components/icons";

export interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType;
  className?: string;
}

export const HOME: NavItem = { to: "/home", label: "Home", Icon: HomeIcon };
export const HISTORY: NavItem = { to: "/history", label: "History", Icon: HistoryIcon };
export const ACCOUNT: NavItem = { to: "/account", label: "Account", Icon: UserIcon };
export const PLAN: NavItem = { to: "/plan", label: "Plan", Icon: CalendarIcon };

const ITEMS: NavItem[] = [
  HOME,
  { to: "/favorites", label: "Favorites", Icon: HeartIcon },
  { to: "/camera", label: "Camera", Icon: CameraIcon, className: "bottom-nav-camera" },
  HISTORY,
  PLAN,
  ACCOUNT,
];

/** The links of a navigation, the current screen's marked. */
export function NavList({ items }: { items: NavItem[] }) {
  return (
    <ul>
      {items.map(({ to, label, Icon, className }) => (
        <li key={to}>
          <NavLink to={to} prefetch="intent" className={className}>
            <Icon />
            <span>{label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Shown only on /home, /favorites, /history and /account (the _tabs layout). */
export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <NavList items={ITEMS} />
    </nav>
  );
}
