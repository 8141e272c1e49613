import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { unsubscribe } from "~/services/use-soon-reminder.server";

export const meta: MetaFunction = () => [
  { title: "Use-soon emails · Recipe Helper" },
  { name: "robots", content: "noindex" },
];

const answer = async (token: string | undefined) => {
  const result = await unsubscribe(token ?? "");
  return data(result, { status: result.status === "forged" ? 400 : 200 });
};

/** The email's one-click link: works signed out; a forged or used link changes nothing and says so. */
export const loader = ({ params }: LoaderFunctionArgs) => answer(params.token);

/** RFC 8058 one-click unsubscribe (List-Unsubscribe-Post) posts to the same address. */
export const action = ({ params }: ActionFunctionArgs) => answer(params.token);

export default function UnsubscribeScreen() {
  // after a POST the loader runs again and finds the opt-in gone: the action's answer is the one to show
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() ?? loaded;
  return (
    <main className="unsubscribe">
      <h1>Use-soon emails</h1>
      <p role={result.status === "forged" ? "alert" : "status"}>{result.message}</p>
      <p>
        <Link to="/setting#reminder">Settings</Link>
      </p>
    </main>
  );
}
