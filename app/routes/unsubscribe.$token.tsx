import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { REMINDER_MESSAGES } from "~/domain/use-soon-reminder-messages";
import { unsubscribe, unsubscribeQuestion, type UnsubscribeAnswer } from "~/services/use-soon-reminder.server";
import { useFormBusy } from "~/components/use-form-busy";

export const meta: MetaFunction = () => [
  { title: "Use-soon emails · Recipe Helper" },
  { name: "robots", content: "noindex" },
];

const answer = (result: UnsubscribeAnswer) => data(result, { status: result.status === "forged" ? 400 : 200 });

/** The email's link: works signed out and changes nothing; a valid one asks to confirm with one tap. */
export const loader = async ({ params }: LoaderFunctionArgs) => answer(await unsubscribeQuestion(params.token ?? ""));

/** The confirmation's plain form, and RFC 8058 one-click unsubscribe (List-Unsubscribe-Post), post here. */
export const action = async ({ params }: ActionFunctionArgs) => answer(await unsubscribe(params.token ?? ""));

export default function UnsubscribeScreen() {
  // after a POST the loader runs again and finds the opt-in gone: the action's answer is the one to show
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() ?? loaded;
  const stopping = useFormBusy({ method: "POST" });
  return (
    <main className="unsubscribe">
      <h1>Use-soon emails</h1>
      <p role={result.status === "forged" ? "alert" : "status"}>{result.message}</p>
      {result.status === "confirm" ? (
        <Form method="post">
          <button type="submit" className="button button-primary" disabled={stopping}>
            {stopping ? "Stopping..." : REMINDER_MESSAGES.stop}
          </button>
        </Form>
      ) : null}
      <p>
        <Link to="/setting#reminder">Settings</Link>
      </p>
    </main>
  );
}
