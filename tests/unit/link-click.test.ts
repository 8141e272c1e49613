import { describe, expect, it } from "vitest";
import { followsInApp, isNavItemActive, type ClickedLink, type LinkClick } from "~/domain/link-click";

const ORIGIN = "https://recipes.example";
const plainClick: LinkClick = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};
const appLink: ClickedLink = { target: "", download: false, origin: ORIGIN };

describe("followsInApp", () => {
  it("follows a plain click on a link to this site in the app", () => {
    expect(followsInApp(plainClick, appLink, ORIGIN)).toBe(true);
    expect(followsInApp(plainClick, { ...appLink, target: "_self" }, ORIGIN)).toBe(true);
  });

  it("leaves a new tab or window, a download or another button to the browser", () => {
    for (const modifier of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const)
      expect(followsInApp({ ...plainClick, [modifier]: true }, appLink, ORIGIN)).toBe(false);
    expect(followsInApp({ ...plainClick, button: 1 }, appLink, ORIGIN)).toBe(false);
  });

  it("leaves links with a target, a download or another site to the browser, and a click already handled", () => {
    expect(followsInApp(plainClick, { ...appLink, target: "_blank" }, ORIGIN)).toBe(false);
    expect(followsInApp(plainClick, { ...appLink, download: true }, ORIGIN)).toBe(false);
    expect(followsInApp(plainClick, { ...appLink, origin: "https://elsewhere.example" }, ORIGIN)).toBe(false);
    expect(followsInApp({ ...plainClick, defaultPrevented: true }, appLink, ORIGIN)).toBe(false);
  });
});

describe("isNavItemActive", () => {
  it("marks the screen's link and the screens below it, whatever the letter case", () => {
    expect(isNavItemActive("/pantry", "/pantry")).toBe(true);
    expect(isNavItemActive("/pantry/edit", "/pantry")).toBe(true);
    expect(isNavItemActive("/Pantry", "/pantry")).toBe(true);
  });

  it("does not mark a link whose address only begins the same", () => {
    expect(isNavItemActive("/pantry-list", "/pantry")).toBe(false);
    expect(isNavItemActive("/home", "/pantry")).toBe(false);
    expect(isNavItemActive("/home", "/")).toBe(false);
    expect(isNavItemActive("/", "/")).toBe(true);
  });
});
