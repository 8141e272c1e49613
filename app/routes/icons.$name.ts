import type { LoaderFunctionArgs } from "@remix-run/node";
import { iconSvg } from "~/services/icons.server";

/** GET /icons/<name>[.svg]: a Fluent Emoji Flat icon as SVG. Icons never change for a name, so they cache for a year. */
export function loader({ params }: LoaderFunctionArgs) {
  const name = (params.name ?? "").replace(/\.svg$/, "");
  const svg = iconSvg(name);
  if (svg === null) {
    return new Response("Unknown icon", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  }
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
