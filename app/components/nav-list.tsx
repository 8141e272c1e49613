/** The links of the app's navigations (the phone's bottom bar, the desktop's side navigation), and their shared items. */
import { NavLink } from "@remix-run/react";
import type { ComponentType } from "react";
import { CalendarIcon, HistoryIcon, HomeIcon, UserIcon } from "~/components/nav-icons";

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
