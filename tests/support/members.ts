import { prisma } from "~/services/db.server";
import { createUserSession } from "~/services/sign-in.server";
import { getRequest } from "./requests";

export type Member = { id: number; username: string; email: string; cookie: string };

let counter = 0;

/** A user created in this file's database and signed in with a real server-side session. */
export async function signedInMember(prefix = "member", passwordHash: string | null = null): Promise<Member> {
  counter += 1;
  const username = `${prefix}_${counter}_${process.pid % 10_000}`.slice(0, 20);
  const email = `${username}@example.com`.toLowerCase();
  const user = await prisma.user.create({ data: { username, email, passwordHash } });
  const cookie = (await createUserSession(getRequest("/login"), user.id)).split(";")[0];
  return { id: user.id, username, email, cookie };
}
