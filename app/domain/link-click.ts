/** What a click on a link says about how it should be followed. */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/** The clicked link: its target, whether it downloads, and the origin of its address. */
export interface ClickedLink {
  target: string;
  download: boolean;
  origin: string;
}

/**
 * Whether the app follows this click itself (a navigation without a page load), as React Router's `<Link>` decides:
 * a plain primary click on a link to this site that opens in the same window. A click with a modifier (a new tab or
 * window, a download), another button, a link with a target or a download, or to another site is the browser's.
 */
export function followsInApp(click: LinkClick, link: ClickedLink, pageOrigin: string): boolean {
  return (
    !click.defaultPrevented &&
    click.button === 0 &&
    !(click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) &&
    (link.target === "" || link.target === "_self") &&
    !link.download &&
    link.origin === pageOrigin
  );
}

/**
 * Whether a navigation's link to `to` is the current screen's, as React Router's `<NavLink>` decides: the address
 * is `to` or below it, letter case aside ("/pantry" is active on "/pantry/edit", not on "/pantry-list").
 */
export function isNavItemActive(pathname: string, to: string): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (target === "/") return here === "/";
  return here === target || here.startsWith(`${target}/`);
}
