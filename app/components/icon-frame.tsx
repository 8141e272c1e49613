/**
 * The frame every icon draws in, and the Back arrow, apart from the other icons: the root (the recipe screen's
 * loading state) and every screen header show it, and the screens that show no other icon do not carry them.
 */
import type { SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

export function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Svg's frame as HTML (tests/unit/icons.test.ts holds the two alike). */
const FRAME_ATTRIBUTES =
  'viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"';

/**
 * An icon written as fixed markup: its shapes (SVG elements as HTML) in the frame. React writes an icon of its own
 * elements attribute by attribute, about 20 µs of the server's time each; the navigations draw a dozen on every
 * screen (decision 167).
 */
export const iconMarkup = (shapes: string, className?: string) =>
  `<svg ${FRAME_ATTRIBUTES}${className ? ` class="${className}"` : ""}>${shapes}</svg>`;

/** An icon component of shapes written as markup, for an icon drawn both ways. */
export const iconOf = (shapes: string) =>
  function Icon(props: IconProps) {
    return <Svg {...props} dangerouslySetInnerHTML={{ __html: shapes }} />;
  };

/** The Back arrow's shapes: every screen header draws it (as markup), the recipe screen and its loading state too. */
export const BACK_SHAPES = '<path d="M15 18l-6-6 6-6"></path>';
export const BackIcon = iconOf(BACK_SHAPES);
