import { NavLink } from "@remix-run/react";
import { CalendarIcon, CameraIcon, HeartIcon, HistoryIcon, HomeIcon, UserIcon } from "~/components/icons";

const ITEMS = [
  { to: "/home", label: "Home", Icon: HomeIcon },
  { to: "/favorites", label: "Favorites", Icon: HeartIcon },
  { to: "/camera", label: "Camera", Icon: CameraIcon },
  { to: "/history", label: "History", Icon: HistoryIcon },
  { to: "/plan", label: "Plan", Icon: CalendarIcon },
  { to: "/account", label: "Account", Icon: UserIcon },
];

/** Shown only on /home, /favorites, /history and /account (the _tabs layout). */
export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul>
        {ITEMS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} prefetch="intent" className={to === "/camera" ? "bottom-nav-camera" : undefined}>
              <Icon />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
