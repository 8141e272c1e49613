/**
 * Google sign-in: the OAuth2 authorization-code flow (remix-auth-google) and Google ID-token credentials
 * (POST /google-auth). Both end in the same place: an ID token verified against the provider's JWKS
 * (signature, audience, issuer, expiry), then the account with that Google id, else the account with the same
 * email (linked only when that account has verified its address: someone who signed up first with another's
 * address must not get their Google sign-ins), else a new account.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { AuthorizationError, Authenticator } from "remix-auth";
import { GoogleStrategy, type GoogleExtraParams, type GoogleProfile } from "remix-auth-google";
import { usernameBase, usernameCandidate } from "~/domain/generated-username";
import { normalizeEmail, usernameKey } from "~/domain/text-safety";
import { isUniqueViolation, prisma } from "./db.server";
import { env } from "./env.server";
import { ownHousehold } from "./cook.server";
import { sessionStorage } from "./session.server";

export const GOOGLE_SIGN_IN_FAILED = "Google sign-in failed. Please try again.";
export const GOOGLE_ACCOUNT_CREATED = "Account created successfully";
export const GOOGLE_LOGIN_SUCCESS = "Login successfully";
const EMAIL_NOT_VERIFIED = "Your Google account's email address is not verified.";
const EMAIL_TAKEN = "An account with this email already exists. Log in with your password.";
export const LINK_NEEDS_VERIFIED_EMAIL =
  "An account with this email already exists, but its email address is not verified. Log in with its password and " +
  "verify the address from your Account page (or reset the password through the email link), then sign in with Google.";

/** A refusal whose message the user may see; `status` is for JSON callers. */
export class GoogleSignInError extends Error {
  constructor(message: string, readonly status: 401 | 409) {
    super(message);
  }
}

export interface GoogleSignIn {
  userId: number;
  isNewUser: boolean;
}

interface GoogleIdentity {
  googleId: string;
  email: string;
  name: string | null;
}

const config =
  env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
    ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
    : null;

/** Whether Google sign-in is set up (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
export const googleSignInEnabled = config !== null;

/** Where the sign-in form's redirect leads (the CSP's form-action must allow it), or null when not set up. */
export const googleAuthorizationOrigin = config ? new URL(env.GOOGLE_AUTHORIZATION_URL).origin : null;

// Keys are fetched on first use, cached, and fetched again when a token names an unknown key.
const providerKeys = createRemoteJWKSet(new URL(env.GOOGLE_JWKS_URL));

/** The claims of an ID token issued by the provider for this app and not expired. */
async function verifiedClaims(idToken: string): Promise<JWTPayload> {
  if (!config) throw new GoogleSignInError(GOOGLE_SIGN_IN_FAILED, 401);
  try {
    const { payload } = await jwtVerify(idToken, providerKeys, {
      audience: config.clientId,
      issuer: env.GOOGLE_ISSUER,
      requiredClaims: ["sub", "exp"],
    });
    return payload;
  } catch (error) {
    console.warn("Google ID token refused:", (error as Error).message);
    throw new GoogleSignInError(GOOGLE_SIGN_IN_FAILED, 401);
  }
}

function identityOf(claims: JWTPayload): GoogleIdentity {
  const { sub, email, email_verified: emailVerified, name } = claims;
  if (typeof sub !== "string" || typeof email !== "string" || !email.includes("@")) {
    throw new GoogleSignInError(GOOGLE_SIGN_IN_FAILED, 401);
  }
  // Google has sent the flag as a boolean and as a string
  if (emailVerified !== true && emailVerified !== "true") throw new GoogleSignInError(EMAIL_NOT_VERIFIED, 401);
  return { googleId: sub, email: normalizeEmail(email), name: typeof name === "string" ? name : null };
}

const USERNAME_BATCH = 20;

/** The first of the identity's username candidates that no account has. */
async function availableUsername(identity: GoogleIdentity): Promise<string> {
  const base = usernameBase(identity.name, identity.email);
  for (let first = 1; ; first += USERNAME_BATCH) {
    const candidates = Array.from({ length: USERNAME_BATCH }, (_, index) => usernameCandidate(base, first + index));
    const keys = candidates.map(usernameKey);
    const taken = await prisma.user.findMany({ where: { usernameKey: { in: keys } }, select: { usernameKey: true } });
    const free = candidates.find((candidate) => !taken.some((user) => user.usernameKey === usernameKey(candidate)));
    if (free) return free;
  }
}

async function findOrCreateUser(identity: GoogleIdentity): Promise<GoogleSignIn> {
  const byGoogleId = await prisma.user.findUnique({ where: { googleId: identity.googleId }, select: { id: true } });
  if (byGoogleId) return { userId: byGoogleId.id, isNewUser: false };
  const byEmail = await prisma.user.findUnique({
    where: { email: identity.email },
    select: { id: true, googleId: true, emailVerifiedAt: true },
  });
  if (byEmail) {
    if (byEmail.googleId !== null) throw new GoogleSignInError(EMAIL_TAKEN, 409);
    if (byEmail.emailVerifiedAt === null) throw new GoogleSignInError(LINK_NEEDS_VERIFIED_EMAIL, 409);
    // linked only if no other request linked it (or changed its address) meanwhile
    const linked = await prisma.user.updateMany({
      where: { id: byEmail.id, googleId: null, email: identity.email, emailVerifiedAt: { not: null } },
      data: { googleId: identity.googleId },
    });
    if (linked.count === 0) throw new GoogleSignInError(EMAIL_TAKEN, 409);
    return { userId: byEmail.id, isNewUser: false };
  }
  const username = await availableUsername(identity);
  const user = await prisma.user.create({
    data: {
      username,
      household: ownHousehold(username),
      email: identity.email,
      googleId: identity.googleId,
      // Google says the address is verified (identityOf)
      emailVerifiedAt: new Date(),
    },
    select: { id: true },
  });
  return { userId: user.id, isNewUser: true };
}

/** Signs in the person the verified identity names; a concurrent sign-in that took a name or id is retried. */
async function signInWithIdentity(identity: GoogleIdentity): Promise<GoogleSignIn> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await findOrCreateUser(identity);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === 3) throw error;
    }
  }
}

/** POST /google-auth: a Google ID-token credential. Throws GoogleSignInError when it is refused. */
export async function signInWithCredential(credential: string): Promise<GoogleSignIn> {
  return signInWithIdentity(identityOf(await verifiedClaims(credential)));
}

/**
 * Google's strategy with configurable endpoints. Who signed in comes from the ID token of the token response,
 * verified like any credential, instead of a call to Google's userinfo endpoint.
 */
class ConfiguredGoogleStrategy extends GoogleStrategy<GoogleSignIn> {
  constructor(credentials: NonNullable<typeof config>) {
    super(
      {
        clientID: credentials.clientId,
        clientSecret: credentials.clientSecret,
        callbackURL: env.APP_URL ? new URL("/auth/google/callback", env.APP_URL).href : "/auth/google/callback",
        prompt: "select_account",
      },
      ({ profile }) => signInWithIdentity(identityOf(profile._json))
    );
    this.authorizationURL = env.GOOGLE_AUTHORIZATION_URL;
    this.tokenURL = env.GOOGLE_TOKEN_URL;
  }

  protected async userProfile(_accessToken: string, params?: GoogleExtraParams): Promise<GoogleProfile> {
    const claims = await verifiedClaims(params?.id_token ?? "");
    const text = (claim: string) => (typeof claims[claim] === "string" ? (claims[claim] as string) : "");
    return {
      provider: "google",
      id: text("sub"),
      displayName: text("name"),
      name: { familyName: text("family_name"), givenName: text("given_name") },
      emails: [{ value: text("email") }],
      photos: [{ value: text("picture") }],
      // the ID token carries the same claims as Google's userinfo answer
      _json: claims as GoogleProfile["_json"],
    };
  }
}

const authenticator = new Authenticator<GoogleSignIn>(sessionStorage, { sessionKey: "userId" });
if (config) authenticator.use(new ConfiguredGoogleStrategy(config), "google");

/** The redirect to the provider's consent screen (the state is kept in the session). */
export async function startGoogleSignIn(request: Request): Promise<never> {
  // The strategy only needs the URL and the cookie; the form body is not read.
  await authenticator.authenticate("google", new Request(request.url, { headers: request.headers }), {
    throwOnError: true,
  });
  throw new Error("The Google strategy always redirects to the provider here");
}

/** The provider's redirect back: the signed-in person, or a GoogleSignInError with the message to show. */
export async function finishGoogleSignIn(request: Request): Promise<GoogleSignIn> {
  // With Google sign-in off there is no strategy: a stray callback is a failed sign-in, not a server error.
  if (!googleSignInEnabled) throw new GoogleSignInError(GOOGLE_SIGN_IN_FAILED, 401);
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  try {
    return await authenticator.authenticate("google", request, { throwOnError: true });
  } catch (error) {
    if (!(error instanceof AuthorizationError)) throw error;
    console.warn("Google sign-in failed:", error.message);
    throw error.cause instanceof GoogleSignInError ? error.cause : new GoogleSignInError(GOOGLE_SIGN_IN_FAILED, 401);
  } finally {
    // the state is single-use: gone from the session whatever happened
    if (session.id) {
      session.unset("oauth2:state");
      await sessionStorage.commitSession(session);
    }
  }
}
