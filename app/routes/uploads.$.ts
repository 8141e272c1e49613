import type { LoaderFunctionArgs } from "@remix-run/node";
import { openStoredImage } from "~/services/images.server";

/**
 * GET /uploads/<kind>/<name>: an uploaded picture. Only names the upload service generated are served, always
 * as image/jpeg or image/webp with nosniff and a sandboxing CSP, so nothing here can ever run as a page. The
 * bytes are streamed from the upload storage (a folder or a bucket) as they come.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const image = await openStoredImage(params["*"] ?? "");
  if (!image) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  }
  return new Response(image.body, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.length),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
      // A stored name is never reused for other content.
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
