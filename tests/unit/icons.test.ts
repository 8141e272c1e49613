import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { iconMarkup, Svg } from "~/components/icon-frame";
import { hiddenFields } from "~/components/intent-form";
import { EMPTY_STAR, FILLED_STAR, starsMarkup } from "~/components/star-icons";

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
});

describe("the rating stars written as markup", () => {
  // The star as the reviews drew it before decision 167's consequences: an <Svg> element tree.
  const drawnStar = (className: string) =>
    renderToStaticMarkup(
      createElement(
        Svg,
        { className },
        createElement("path", {
          d: "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z",
        })
      )
    );

  it("draw the star Svg draws, empty and filled", () => {
    expect(EMPTY_STAR).toBe(drawnStar("star"));
    expect(FILLED_STAR).toBe(drawnStar("star star-filled"));
  });

  it("fill the first stars of five, as the row of star elements did", () => {
    expect(starsMarkup(3)).toBe(
      [1, 2, 3, 4, 5].map((position) => drawnStar(position <= 3 ? "star star-filled" : "star")).join("")
    );
    expect(starsMarkup(0)).toBe(drawnStar("star").repeat(5));
  });
});

describe("an intent form's hidden fields written as markup", () => {
  it("are the inputs React draws, with names and values escaped", () => {
    const fields = { intent: "select-ingredient", ingredient: `Salt & "pepper" <mix>`, selected: "true" };
    const drawn = Object.entries(fields)
      .map(([name, value]) => renderToStaticMarkup(createElement("input", { type: "hidden", name, value })))
      .join("");
    // each input's type, name and value as a browser reads them (the two escape differently: &#34; and &quot;)
    const named: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">" };
    const decoded = (text: string) =>
      text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|quot|lt|gt));/gi, (_, hex, decimal, name) =>
        hex ? String.fromCharCode(parseInt(hex, 16)) : decimal ? String.fromCharCode(Number(decimal)) : named[name]
      );
    const parsed = (html: string) =>
      [...html.matchAll(/<input type="([^"]*)" name="([^"]*)" value="([^"]*)"\/>/g)].map((match) =>
        match.slice(1).map(decoded)
      );
    expect(parsed(hiddenFields(fields))).toEqual(parsed(drawn));
    expect(parsed(hiddenFields(fields))).toEqual(
      Object.entries(fields).map(([name, value]) => ["hidden", name, value])
    );
  });
});
