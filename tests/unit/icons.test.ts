import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BACK_SHAPES, iconMarkup, iconOf, Svg } from "~/components/icon-frame";
import { NAV_ICON_SHAPES } from "~/components/nav-icons";

import { getCatalogue } from "../../app/domain/catalogue-data";
import { ingredientIconUrl, TYPE_ICONS } from "../../app/domain/ingredient-types";
import { iconSvg } from "../../app/services/icons.server";

describe("iconSvg", () => {
  it("returns an SVG document for a known icon", () => {
    const svg = iconSvg("tomato");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="32" height="32" viewBox="0 0 32 32">/);
    expect(svg).toMatch(/<\/svg>$/);
  });

  it("returns null for unknown or malformed names", () => {
    expect(iconSvg("no-such-icon")).toBeNull();
    expect(iconSvg("../package")).toBeNull();
  });

  it("has an icon for every catalogue ingredient and every type", () => {
    const names = [...getCatalogue().ingredients.map((ingredient) => ingredient.icon), ...Object.values(TYPE_ICONS)];
    expect(names.filter((name) => iconSvg(name) === null)).toEqual([]);
  });
});

describe("ingredientIconUrl", () => {
  it("points at the catalogue's picture, else the type's, else Other's", () => {
    expect(ingredientIconUrl("Vegetables", getCatalogue().find("tomato"))).toBe("/icons/tomato");
    expect(ingredientIconUrl("Fruit")).toBe("/icons/red-apple");
    expect(ingredientIconUrl("Other", null)).toBe("/icons/shopping-bags");
    expect(ingredientIconUrl("not a type")).toBe("/icons/shopping-bags");
  });
});

describe("icons written as markup", () => {
  it("draw the frame Svg draws, attribute for attribute", () => {
    const drawn = renderToStaticMarkup(createElement(Svg, null, createElement("path", { d: "M1 1h2" })));
    expect(iconMarkup('<path d="M1 1h2"></path>')).toBe(drawn);
  });

  it("are the same icons as components (HeartIcon and CameraIcon are drawn elsewhere too)", () => {
    for (const shapes of [...Object.values(NAV_ICON_SHAPES), BACK_SHAPES])
      expect(renderToStaticMarkup(createElement(iconOf(shapes)))).toBe(iconMarkup(shapes));
  });
});
