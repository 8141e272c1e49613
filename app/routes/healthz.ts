import { health } from "~/services/health.server";

/** GET /healthz, for a load balancer: 200 while the database answers, 503 (and the reason) when it does not. */
export async function loader() {
  const answer = await health();
  return Response.json(answer, {
    status: answer.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
