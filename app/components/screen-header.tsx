import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { BackIcon } from "~/components/icon-frame";

/** A screen's header (styles: .screen-header in app.css): back button, title, and optionally a button at the end. */
export function ScreenHeader({
  back,
  backLabel,
  title,
  end,
}: {
  back: string;
  backLabel: string;
  title: ReactNode;
  end?: ReactNode;
}) {
  return (
    <header className="screen-header">
      <Link to={back} className="icon-button" aria-label={backLabel}>
        <BackIcon />
      </Link>
      <h1>{title}</h1>
      {end}
    </header>
  );
}
