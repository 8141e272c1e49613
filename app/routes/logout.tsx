import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyUserSession } from "~/services/session.server";

export async function loader() {
  return redirect("/home");
}

/** Ends the session on the server (the row is deleted) and clears the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  const cookie = await destroyUserSession(request);
  return redirect("/login", { headers: { "Set-Cookie": cookie } });
}
