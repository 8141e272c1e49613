import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerApiCall } from "~/api/routes.server";

/**
 * Every JSON call under /api/, dispatched through the table in app/api/routes.server.ts: one route instead of one
 * per call, so that Remix does not try each of them before every page (docs/architecture.md).
 */
export const loader = (args: LoaderFunctionArgs) => answerApiCall("loader", args);
export const action = (args: ActionFunctionArgs) => answerApiCall("action", args);
