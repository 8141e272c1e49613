import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseQuantity, toGrams } from "~/domain/quantity";
import { mainIngredients, recipeIllustrationSvg } from "~/domain/recipe-illustration";
import { iconSvg } from "~/services/icons.server";
import { EVERYONE } from "~/services/recipe-access.server";
import { findRecipeForIllustration } from "~/services/recipe-lookup.server";
import { getUserId } from "~/services/session.server";

const SVG_HEADERS = {
  "Content-Type": "image/svg+xml",
  "X-Content-Type-Options": "nosniff",
  // The picture is opened on its own too: nothing in it may load or run anything.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  // Recipes can be edited, so browsers revalidate after a day with the ETag.
  "Cache-Control": "public, max-age=86400",
};

/** GET /recipe-images/<recipeId>.svg: the generated illustration of a recipe. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = Number((params.id ?? "").replace(/\.svg$/, ""));
  const recipe =
    Number.isSafeInteger(id) && id > 0 ? await findRecipeForIllustration(id, await getUserId(request)) : null;
  if (!recipe) {
    return new Response("Unknown recipe", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  }
  const ingredients = mainIngredients(
    recipe.ingredients.map(({ quantity, type, ingredient }) => ({
      type,
      icon: ingredient?.icon ?? null,
      grams: ingredient ? toGrams(parseQuantity(quantity), JSON.parse(ingredient.unitWeights)) : null,
      isStaple: ingredient?.isStaple ?? false,
    }))
  );
  const drawn = ingredients.flatMap((ingredient) => {
    const svg = iconSvg(ingredient.icon);
    return svg === null ? [] : [{ ingredient, svg }];
  });
  const svg = recipeIllustrationSvg(
    recipe.name,
    drawn.map((icon) => icon.svg),
    drawn.map((icon) => icon.ingredient)
  );
  const etag = `"${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"`;
  // a private recipe's picture is kept by its author's browser only, never by a shared cache
  const headers = {
    ...SVG_HEADERS,
    ETag: etag,
    ...(recipe.visibleTo === EVERYONE ? {} : { "Cache-Control": "private, max-age=86400" }),
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(svg, { headers });
}
