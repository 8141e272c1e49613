import type { ReactNode } from "react";
import { BACK_SHAPES, iconMarkup } from "~/components/icon-frame";
import { useLinkNavigation } from "~/components/use-link-navigation";

/**
 * A screen's header (styles: .screen-header in app.css): back button, title, and optionally a button at the end.
 * The back link is a plain link with its arrow written in one piece, as the navigations' (decision 167).
 */
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
  const follow = useLinkNavigation();
  return (
    <header className="screen-header">
      <a
        href={back}
        className="icon-button"
        aria-label={backLabel}
        data-discover="true"
        onClick={follow}
        dangerouslySetInnerHTML={{ __html: BACK_ARROW }}
      />
      <h1>{title}</h1>
      {end}
    </header>
  );
}

const BACK_ARROW = iconMarkup(BACK_SHAPES);
