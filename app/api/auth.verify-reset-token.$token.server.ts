import type { LoaderFunctionArgs } from "@remix-run/node";
import { INVALID_RESET_LINK } from "~/domain/auth-schemas";
import { findResetLink } from "~/services/password-reset.server";

/** GET /api/auth/verify-reset-token/<token>: { valid: true, email } for a usable link, else a 400. */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findResetLink(params.token ?? "");
  const headers = { "Cache-Control": "no-store" };
  if (!link) return Response.json({ valid: false, message: INVALID_RESET_LINK }, { status: 400, headers });
  return Response.json({ valid: true, email: link.email }, { headers });
}
