import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { prisma } from "~/services/db.server";
import { requireUserId } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Account · Recipe Helper" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { username: true, email: true },
  });
  return { user };
}

export default function AccountScreen() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <main className="account">
      <h1>Account</h1>
      <dl className="profile-list">
        <div>
          <dt>Username</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
      </dl>
      <p>
        <Link to="/import" className="button button-secondary">
          Import a recipe
        </Link>
      </p>
      <Form method="post" action="/logout">
        <button type="submit" className="button button-secondary">
          LOG OUT
        </button>
      </Form>
    </main>
  );
}
