import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as z from "zod";
import { SHIPPED_MODEL_DIRECTORY } from "~/domain/vision";
import { parseTrustProxy } from "~/services/proxy.mjs";

/** A setting left empty (`NAME=` in .env) counts as unset. */
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** An http(s) URL setting with a default for when it is unset or empty. */
const urlOrDefault = (fallback: string) =>
  optionalText
    .transform((value) => value ?? fallback)
    .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z.string().min(1).default("file:./data/recipe-helper.db"),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional()),
    /**
     * Which reverse proxies to believe about the client's address, scheme and host (X-Forwarded-*): none (false),
     * a number of hops (true = 1), or a comma-separated list of their addresses (app/services/proxy.mjs).
     */
    TRUST_PROXY: optionalText.transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
    /** New accounts one client address may create per hour; test servers that sign up many users from one address raise it. */
    SIGNUP_LIMIT_PER_HOUR: optionalText
      .transform((value) => (value === undefined ? 10 : Number(value)))
      .pipe(z.number({ error: "SIGNUP_LIMIT_PER_HOUR must be a number" }).int().min(1)),
    /** Requests the app works on at once, the rest waiting their turn (http-bootstrap.mjs, decision 137); 0: no limit. */
    REQUESTS_AT_ONCE: optionalText
      .transform((value) => (value === undefined ? 2 : Number(value)))
      .pipe(z.number({ error: "REQUESTS_AT_ONCE must be a whole number, 0 for no limit" }).int().min(0)),
    /** Where uploaded pictures are kept (avatars/, dishes/). */
    UPLOADS_DIR: optionalText.default("uploads"),
    /**
     * An S3-compatible bucket to keep uploaded pictures in instead of UPLOADS_DIR (several app processes without a
     * shared volume). S3_ENDPOINT for a server other than AWS S3 (MinIO, R2...); the keys, else the AWS SDK's own
     * sources (environment, profile, instance role). docs/uploads-storage.md.
     */
    S3_BUCKET: optionalText,
    S3_REGION: optionalText.default("us-east-1"),
    S3_ENDPOINT: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http(s) URL" }).optional()
    ),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Bucket in the path, not the host name: most S3-compatible servers want it; default true with S3_ENDPOINT. */
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
    /**
     * The address users reach the app at: links in mails are built from it alone (never from a request's Host);
     * needed in production when SMTP_HOST is set.
     */
    APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "APP_URL must be an http(s) URL" }).optional()),
    /** Outgoing mail. Without SMTP_HOST, mails are written to MAIL_OUTBOX_DIR instead of being sent. */
    SMTP_HOST: optionalText,
    SMTP_PORT: optionalText
      .transform((value) => (value === undefined ? 587 : Number(value)))
      .pipe(z.number({ error: "SMTP_PORT must be a port number" }).int().min(1).max(65535)),
    /** true: TLS from the start (port 465); false: STARTTLS when the server offers it. */
    SMTP_SECURE: z.enum(["true", "false"]).optional(),
    SMTP_USER: optionalText,
    SMTP_PASSWORD: optionalText,
    MAIL_FROM: optionalText.default("Recipe Helper <no-reply@localhost>"),
    MAIL_OUTBOX_DIR: optionalText.default("outbox"),
    /** Google sign-in, shown when both are set (an OAuth client of type "Web application"). */
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    /** Google's endpoints by default; tests point them at an OpenID provider on loopback. */
    GOOGLE_AUTHORIZATION_URL: urlOrDefault("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_URL: urlOrDefault("https://oauth2.googleapis.com/token"),
    GOOGLE_JWKS_URL: urlOrDefault("https://www.googleapis.com/oauth2/v3/certs"),
    /** Accepted `iss` values of ID tokens, comma-separated (Google uses both forms). */
    GOOGLE_ISSUER: optionalText.transform((value) =>
      (value ?? "https://accounts.google.com,accounts.google.com")
        .split(",")
        .map((issuer) => issuer.trim())
        .filter(Boolean)
    ),
    /** Ingredient recognition: "embedded" (the classifier in VISION_MODEL_DIR) or "openai" (a vision chat endpoint). */
    VISION_PROVIDER: optionalText.pipe(z.enum(["embedded", "openai"]).default("embedded")),
    /** The embedded classifier's folder (model.json, weight shards, labels.json); see docs/vision.md. */
    VISION_MODEL_DIR: optionalText.default(SHIPPED_MODEL_DIRECTORY),
    /** An OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio), for VISION_PROVIDER=openai. */
    VISION_API_BASE_URL: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: "VISION_API_BASE_URL must be an http(s) URL" }).optional()
    ),
    VISION_API_MODEL: optionalText,
    VISION_API_KEY: optionalText,
    /** Optional recipe generator: an OpenAI-compatible chat endpoint asked for recipes when the cookbook has few good matches. */
    RECIPE_GENERATOR_BASE_URL: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: "RECIPE_GENERATOR_BASE_URL must be an http(s) URL" }).optional()
    ),
    RECIPE_GENERATOR_MODEL: optionalText,
    RECIPE_GENERATOR_API_KEY: optionalText,
    RECIPE_GENERATOR_TIMEOUT_MS: optionalText
      .transform((value) => (value === undefined ? 20_000 : Number(value)))
      .pipe(z.number({ error: "RECIPE_GENERATOR_TIMEOUT_MS must be a number of milliseconds" }).int().min(100)),
  })
  .superRefine((value, context) => {
    if (value.NODE_ENV === "production" && value.SMTP_HOST && !value.APP_URL) {
      context.addIssue({
        code: "custom",
        path: ["APP_URL"],
        message:
          "APP_URL is needed in production when SMTP_HOST is set: links in mails are built from it (e.g. https://recipes.example)",
      });
    }
    if (value.RECIPE_GENERATOR_BASE_URL && !value.RECIPE_GENERATOR_MODEL) {
      context.addIssue({
        code: "custom",
        path: ["RECIPE_GENERATOR_MODEL"],
        message: "RECIPE_GENERATOR_MODEL is needed with RECIPE_GENERATOR_BASE_URL",
      });
    }
    for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const) {
      if (value[name] && !value.S3_BUCKET)
        context.addIssue({
          code: "custom",
          path: [name],
          message: `${name} is used only with S3_BUCKET, which is not set`,
        });
    }
    if (Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message:
          "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the AWS SDK's own sources)",
      });
    }
    if (value.VISION_PROVIDER !== "openai") return;
    for (const name of ["VISION_API_BASE_URL", "VISION_API_MODEL"] as const) {
      if (!value[name])
        context.addIssue({ code: "custom", path: [name], message: `${name} is needed when VISION_PROVIDER=openai` });
    }
  });

type ParsedEnv = z.infer<typeof EnvSchema>;
export type Env = Omit<ParsedEnv, "SESSION_SECRET" | "S3_FORCE_PATH_STYLE"> & {
  SESSION_SECRET: string;
  S3_FORCE_PATH_STYLE: boolean;
};

const GENERATED_SECRET_FILE = path.resolve("data", "session-secret");

/** A dev default: generated once and kept beside the embedded database so sessions survive restarts. */
function generatedSessionSecret(): string {
  if (existsSync(GENERATED_SECRET_FILE)) return readFileSync(GENERATED_SECRET_FILE, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  mkdirSync(path.dirname(GENERATED_SECRET_FILE), { recursive: true });
  writeFileSync(GENERATED_SECRET_FILE, secret, { mode: 0o600 });
  console.warn(`SESSION_SECRET is not set; generated one in ${GENERATED_SECRET_FILE}.`);
  return secret;
}

function loadEnv(): Env {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}\nSee .env.example.`);
  }
  if (parsed.data.NODE_ENV === "production" && process.env.COOKIE_SECURE?.trim() === "true") {
    console.warn(
      "COOKIE_SECURE=true: signing in works over https only (browsers drop the cookie over plain http). " +
        "Leave it unset to mark cookies Secure whenever a request comes over https."
    );
  }
  const { S3_FORCE_PATH_STYLE, ...settings } = parsed.data;
  return {
    ...settings,
    SESSION_SECRET: settings.SESSION_SECRET ?? generatedSessionSecret(),
    S3_FORCE_PATH_STYLE: S3_FORCE_PATH_STYLE ? S3_FORCE_PATH_STYLE === "true" : Boolean(settings.S3_ENDPOINT),
  };
}

export const env: Env = loadEnv();

/** Where links in mails point: APP_URL, else (development, or mail kept in the outbox) this machine's address. */
export function mailLinkOrigin(): string {
  return (env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/(?<!\/)\/+$/, "");
}
