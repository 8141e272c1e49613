import { randomBytes } from "node:crypto";
import {
  createCookie,
  createSession,
  createSessionStorage,
  redirect,
  type CookieOptions,
  type Session,
} from "@remix-run/node";
import { requestClient } from "~/services/client.server";
import { prisma } from "~/services/db.server";
import { env } from "~/services/env.server";
import { MEMBER_COLUMNS, MEMBER_JOINS, memberOfRow, type MemberRow } from "./member-read.server";
import { rawDate, type RawDate } from "./raw-row.server";

const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

/**
 * Secure in production. With COOKIE_SECURE unset the HTTP bootstrap then marks cookies Secure only for requests
 * that came over https, so signing in over plain http on a home network works; COOKIE_SECURE=true keeps them
 * Secure everywhere (and the login screen says that plain http cannot sign in), false never.
 */
const alwaysSecure = env.NODE_ENV === "production" && process.env.COOKIE_SECURE?.trim() === "true";

/** The session's and the flash's cookies: signed, sent to the app's own pages only, never read by scripts. */
const COOKIE_OPTIONS: CookieOptions = {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env.NODE_ENV === "production" && process.env.COOKIE_SECURE !== "false",
  secrets: [env.SESSION_SECRET],
};

export const sessionCookie = createCookie("__session", { ...COOKIE_OPTIONS, maxAge: SESSION_DAYS * 24 * 60 * 60 });

export const HTTPS_NEEDED_TO_SIGN_IN =
  "This server keeps you signed in only over a secure connection: open it with an https:// address to log in.";

/** True when the browser would drop the session cookie of this request (COOKIE_SECURE=true over plain http). */
export function signInNeedsHttps(request: Request): boolean {
  return alwaysSecure && requestClient(request).proto === "http";
}

type SessionData = { userId?: number } & Record<string, unknown>;

function userIdOf(data: SessionData): number | null {
  return typeof data.userId === "number" ? data.userId : null;
}

/** Sessions live in the database, so logging out or deleting an account ends them on the server. */
export const sessionStorage = createSessionStorage<SessionData>({
  cookie: sessionCookie,
  async createData(data, expires) {
    const id = randomBytes(32).toString("base64url");
    await prisma.session.create({
      data: {
        id,
        userId: userIdOf(data as SessionData),
        data: JSON.stringify(data),
        expiresAt: expires ?? new Date(Date.now() + SESSION_MS),
      },
    });
    return id;
  },
  async readData(id) {
    const row = await prisma.session.findUnique({ where: { id } });
    return row ? liveData(id, row) : null;
  },
  async updateData(id, data, expires) {
    const userId = userIdOf(data as SessionData);
    const values = { userId, data: JSON.stringify(data), expiresAt: expires ?? new Date(Date.now() + SESSION_MS) };
    const { count } = await prisma.session.updateMany({ where: { id }, data: values });
    // The row is gone (expired, or ended elsewhere) but the browser still sends its id. A signed-in session
    // removed meanwhile stays ended; a guest's is started again under that id so their change is not lost.
    if (count === 0 && userId === null) {
      await prisma.session.upsert({ where: { id }, create: { id, ...values }, update: values });
    }
  },
  async deleteData(id) {
    await prisma.session.deleteMany({ where: { id } });
  },
});

/** A stored session's values, or null once it has lapsed (its row is removed then). */
async function liveData(id: string, row: { data: string; expiresAt: RawDate }): Promise<SessionData | null> {
  if (rawDate(row.expiresAt).getTime() < Date.now()) {
    await prisma.session.deleteMany({ where: { id } });
    return null;
  }
  return JSON.parse(row.data) as SessionData;
}

/** The household a signed-in session's cook belongs to, read with the session (see readPageSession). */
export interface SessionMember {
  userId: number;
  householdId: number;
  pantryId: number;
  listId: number;
}

interface PageRead {
  session: Session<SessionData>;
  member: SessionMember | null;
}

const pageReads = new WeakMap<Request, Promise<PageRead>>();

/**
 * A page's session and, for a signed-in cook, their household's pantry and list, in one statement (every page
 * starts with both: decision 160). What sessionStorage.getSession does, with the member joined in.
 */
async function readPageSession(request: Request): Promise<PageRead> {
  const id = await sessionCookie.parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || id === "") return { session: createSession<SessionData>({}, ""), member: null };
  const [row] = await prisma.$queryRaw<({ data: string; expiresAt: RawDate } & MemberRow)[]>`
    SELECT s."data", s."expiresAt", ${MEMBER_COLUMNS}
    FROM "Session" s
    LEFT JOIN "HouseholdMember" m ON m."userId" = s."userId" ${MEMBER_JOINS}
    WHERE s."id" = ${id}`;
  const data = row ? await liveData(id, row) : null;
  if (!data) return { session: createSession<SessionData>({}, id), member: null };
  const userId = userIdOf(data);
  const member = userId === null ? null : memberOfRow(row, userId);
  return { session: createSession<SessionData>(data, id), member };
}

function pageRead(request: Request): Promise<PageRead> {
  let read = pageReads.get(request);
  if (!read) {
    pageReads.set(request, (read = readPageSession(request)));
    read.catch(() => pageReads.delete(request));
  }
  return read;
}

const isPageRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * The request's session. A GET reads it once however many services ask (a page's loader asks three or four
 * times, and each read is a query): they share one Session object. Other methods read it afresh each time, so
 * an action sees what an earlier step of it wrote.
 */
export async function getSession(request: Request): Promise<Session<SessionData>> {
  if (!isPageRead(request)) return sessionStorage.getSession(request.headers.get("Cookie"));
  return (await pageRead(request)).session;
}

/**
 * For a GET: the household of the signed-in cook `userId`, as read with the session; null when it was not (an
 * action, a guest, or an account whose household is still to be made).
 */
export async function memberReadWithSession(request: Request, userId: number): Promise<SessionMember | null> {
  if (!isPageRead(request)) return null;
  const { member } = await pageRead(request);
  return member?.userId === userId ? member : null;
}

export async function getUserId(request: Request): Promise<number | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  return typeof userId === "number" ? userId : null;
}

/** Signed-in-only screens: send guests to /login and bring them back afterwards. */
export async function requireUserId(request: Request): Promise<number> {
  const userId = await getUserId(request);
  if (userId !== null) return userId;
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
}

/**
 * Gives a visitor without a session the cookie of one now (a Set-Cookie on `headers`), on screens whose forms
 * change session values: quick successive posts then share one session instead of each starting its own. Only
 * the id is given: its row is written by the first post that stores something (updateData starts a guest's
 * session under the id it is sent), so a visit that stores nothing leaves nothing in the database.
 */
export async function startSessionIfNone(request: Request, headers: Headers): Promise<void> {
  const session = await getSession(request);
  if (!session.id) headers.append("Set-Cookie", await sessionCookie.serialize(randomBytes(32).toString("base64url")));
}

const sessionQueues = new Map<string, Promise<unknown>>();

/** How long a session's lock holds if its holder dies (a crash) without giving it back. */
const LOCK_LAPSES_AFTER_MS = 60_000;
/** How often a process waiting for another's lock on the session tries again. */
const LOCK_RETRY_MS = 15;

/** Takes the session's lock in the database for `holder`: true when taken (free, or lapsed), false when held. */
async function tryLock(id: string, holder: string): Promise<boolean> {
  const now = Date.now();
  const taken = await prisma.$queryRaw<{ id: string }[]>`
    INSERT INTO "SessionLock" ("id", "holder", "expiresAt") VALUES (${id}, ${holder}, ${BigInt(
    now + LOCK_LAPSES_AFTER_MS
  )})
    ON CONFLICT ("id") DO UPDATE SET "holder" = excluded."holder", "expiresAt" = excluded."expiresAt"
    WHERE "SessionLock"."expiresAt" <= ${BigInt(now)}
    RETURNING "id"`;
  return taken.length === 1;
}

/** Runs `work` holding the session's lock in the database, which every process of the app takes before it. */
async function whileLocked<T>(id: string, work: () => Promise<T>): Promise<T> {
  const holder = randomBytes(16).toString("base64url");
  while (!(await tryLock(id, holder))) await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  try {
    return await work();
  } finally {
    await prisma.sessionLock.deleteMany({ where: { id, holder } });
  }
}

/**
 * Runs `work` once earlier work for the same session cookie has finished, in this process (a queue) and in every
 * other process of the app on the same database (a lock row). Session values are read, changed and written whole,
 * so two quick posts (two toggles, a change and its flash) must not interleave, whichever process each reaches.
 */
export async function oneAtATimePerSession<T>(request: Request, work: () => Promise<T>): Promise<T> {
  const id = await sessionCookie.parse(request.headers.get("Cookie"));
  if (typeof id !== "string") return work();
  const run = (sessionQueues.get(id) ?? Promise.resolve()).then(() => whileLocked(id, work));
  const done = run.then(
    () => undefined,
    () => undefined
  );
  sessionQueues.set(id, done);
  try {
    return await run;
  } finally {
    if (sessionQueues.get(id) === done) sessionQueues.delete(id);
  }
}

export type FlashMessage = { type: "success" | "error"; message: string };
type StoredFlash = FlashMessage & { for: string };

/**
 * The message a redirect carries to the screen it sends the browser to. It travels in a cookie of its own, not in
 * the session: the root loader takes it while the screen's loaders may be writing the session in parallel, and
 * a guest gets no session row for a message alone.
 */
const flashCookie = createCookie("__flash", COOKIE_OPTIONS);

function storedFlash(value: unknown): StoredFlash | null {
  const flash = value as Partial<StoredFlash> | null;
  if (!flash || (flash.type !== "success" && flash.type !== "error")) return null;
  return typeof flash.message === "string" && typeof flash.for === "string" ? (flash as StoredFlash) : null;
}

/** The flash cookie of this request (null without one, or with one that was not ours). */
async function flashOf(request: Request): Promise<StoredFlash | null> {
  return storedFlash(await flashCookie.parse(request.headers.get("Cookie")));
}

/**
 * A redirect that shows a message on the screen it goes to (the no-JavaScript path of a form). `headers` are sent
 * with it (e.g. the session cookie of a change made earlier in this request).
 */
export async function redirectWithFlash(to: string, flash: FlashMessage, headers?: HeadersInit): Promise<Response> {
  const sent = new Headers(headers);
  const stored: StoredFlash = { type: flash.type, message: flash.message, for: new URL(to, "http://app").pathname };
  sent.append("Set-Cookie", await flashCookie.serialize(stored));
  return redirect(to, { headers: sent });
}

/**
 * Reads (and consumes) the flash message; returns the header that saves its removal. Called by the root loader
 * only. A message belongs to the screen it was sent to: when another screen loads first (the cook moved on before
 * the redirect's page loaded), it is dropped there instead of showing on the wrong screen.
 */
export async function takeFlash(request: Request): Promise<{ flash: FlashMessage | null; headers: Headers }> {
  const stored = await flashOf(request);
  const headers = new Headers();
  if (!stored) return { flash: null, headers };
  headers.append("Set-Cookie", await flashCookie.serialize("", { maxAge: 0 }));
  const { for: destination, ...flash } = stored;
  return { flash: destination === new URL(request.url).pathname ? flash : null, headers };
}

/** Whether a message waits for this screen: the screen is being shown again after one of its forms was posted. */
export async function flashWaiting(request: Request): Promise<boolean> {
  return (await flashOf(request))?.for === new URL(request.url).pathname;
}

export async function destroyUserSession(request: Request): Promise<string> {
  return sessionStorage.destroySession(await getSession(request));
}
