import { AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { LoginInput, SignupInput } from "~/domain/auth-schemas";
import { normalizeEmail, usernameKey } from "~/domain/text-safety";
import { prisma } from "~/services/db.server";
import { env } from "~/services/env.server";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "~/services/password.server";
import { clientAddress, giveBack, RateLimiter, tryHitAll } from "~/services/rate-limit.server";
import { sessionStorage } from "~/services/session.server";
import { ownHousehold } from "~/services/cook.server";

export type AuthUser = { id: number; username: string };

const INVALID_CREDENTIALS = "Invalid username or password";
const TOO_MANY_ATTEMPTS = "Too many login attempts. Please try again later";

/**
 * remix-auth-form's strategy, given what the login route has read and parsed (the form, and the credentials its
 * schema gave): it reads no body and parses nothing again. It is called directly, not through an Authenticator,
 * which would copy the request and so need a body that the route has already read.
 */
const passwordStrategy = new FormStrategy<AuthUser>(async ({ context }) => {
  const { username, password } = (context as { credentials: LoginInput }).credentials;
  const user = await prisma.user.findUnique({
    where: { usernameKey: usernameKey(username) },
    select: { id: true, username: true, passwordHash: true },
  });
  const valid = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstDummy(password);
  if (!user || !valid) throw new AuthorizationError(INVALID_CREDENTIALS);
  return { id: user.id, username: user.username };
});
/** The strategy only answers (no redirects, nothing stored): the route starts the session. */
const STRATEGY_OPTIONS = {
  name: "form",
  sessionKey: "userId",
  sessionErrorKey: "auth:error",
  sessionStrategyKey: "strategy",
  throwOnError: true,
};

// Failed attempts within 15 minutes: 5 per username from one client address (guessing one account), 20 per
// client address (spraying many accounts). Never per username alone: anyone could then lock its owner out.
const WINDOW_MS = 15 * 60 * 1000;
const byUsername = new RateLimiter("login-username", 5, WINDOW_MS);
const byAddress = new RateLimiter("login-address", 20, WINDOW_MS);

export type LoginResult = { ok: true; user: AuthUser } | { ok: false; status: 401 | 429; message: string };

/**
 * Checks the credentials the login form's schema parsed (`formData` is the form they came from) through the form
 * strategy, with rate limits per username and per client address. The attempt is counted before the password is
 * checked and given back when it was right, so that concurrent guesses cannot all pass the check of the limit
 * before any of them is counted.
 */
export async function login(request: Request, formData: FormData, credentials: LoginInput): Promise<LoginResult> {
  const addressKey = clientAddress(request);
  const usernameKey = `${credentials.username.toLowerCase()} ${addressKey}`;
  if (
    !(await tryHitAll([
      [byUsername, usernameKey],
      [byAddress, addressKey],
    ]))
  ) {
    return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  }
  try {
    const options = { ...STRATEGY_OPTIONS, context: { formData, credentials } };
    const user = await passwordStrategy.authenticate(request, sessionStorage, options);
    await giveBack([[byAddress, addressKey]], [byUsername, usernameKey]);
    return { ok: true, user };
  } catch (error) {
    if (!(error instanceof AuthorizationError)) {
      await giveBack([
        [byUsername, usernameKey],
        [byAddress, addressKey],
      ]);
      throw error;
    }
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }
}

const signupsByAddress = new RateLimiter("signup-address", env.SIGNUP_LIMIT_PER_HOUR, 60 * 60 * 1000);
export const TOO_MANY_SIGNUPS = "Too many sign-ups from your network. Please try again later.";

/**
 * Counts a sign-up attempt (a valid form) from the request's client address; false once the address has made
 * SIGNUP_LIMIT_PER_HOUR within the hour. This bounds bulk account creation and probing which names are taken.
 */
export function signupAllowed(request: Request): Promise<boolean> {
  return signupsByAddress.tryHit(clientAddress(request));
}

export type AccountConflict = { ok: false; field: "username" | "email"; message: string };

export type SignupResult = { ok: true; userId: number } | AccountConflict;

export const USERNAME_TAKEN = { ok: false, field: "username", message: "Username is already taken" } as const;
export const EMAIL_TAKEN = { ok: false, field: "email", message: "Email is already registered" } as const;

/** The conflict a failed write hit when another account took the name or email meanwhile, else null. */
export function accountConflictOf(error: unknown): AccountConflict | null {
  const { code, meta } = error as { code?: string; meta?: unknown };
  if (code !== "P2002") return null;
  return JSON.stringify(meta ?? "").includes("email") ? EMAIL_TAKEN : USERNAME_TAKEN;
}

export async function signup(input: SignupInput): Promise<SignupResult> {
  const email = normalizeEmail(input.email);
  const [byName, byEmail] = await Promise.all([
    prisma.user.findUnique({ where: { usernameKey: usernameKey(input.username) }, select: { id: true } }),
    prisma.user.findUnique({ where: { email }, select: { id: true } }),
  ]);
  if (byName) return USERNAME_TAKEN;
  if (byEmail) return EMAIL_TAKEN;
  try {
    const user = await prisma.user.create({
      data: {
        username: input.username,
        email,
        passwordHash: await hashPassword(input.password),
        household: ownHousehold(input.username),
      },
      select: { id: true },
    });
    return { ok: true, userId: user.id };
  } catch (error) {
    // A concurrent signup took the name or email between the check and the insert.
    const conflict = accountConflictOf(error);
    if (conflict) return conflict;
    throw error;
  }
}
