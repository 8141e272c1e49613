import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string };

/** Mail to this domain is refused, as a relay refuses a mailbox it does not know. */
export const REFUSED_DOMAIN = "refused.example";

/** A real SMTP server on loopback that keeps what it receives (no TLS, no login: a test double for a relay). */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.endsWith(`@${REFUSED_DOMAIN}`)) return callback();
      callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  return {
    received,
    port: typeof address === "object" && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A test SMTP server the app under test sends its mail to, with links built on `appUrl`. Call it inside
 * `vi.hoisted`, so that the app reads these settings when it first loads them.
 */
export async function startSmtpServerForApp(appUrl = "https://recipes.example") {
  const server = await startSmtpServer();
  Object.assign(process.env, { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(server.port), APP_URL: appUrl });
  return server;
}

/** The text part of a raw mail with quoted-printable soft breaks and escapes undone. */
function decodedText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The password reset link in a mail. */
export function resetLinkIn(raw: string): string {
  const link = decodedText(raw).match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`No reset link in the mail:\n${raw}`);
  return link;
}

/** The email verification link in a mail. */
export function verificationLinkIn(raw: string): string {
  const link = decodedText(raw).match(/https?:\/\/[^\s"<>]+\/verify-email\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`No verification link in the mail:\n${raw}`);
  return link;
}

/** The household invitation's token in a mail. */
export function inviteTokenIn(raw: string): string {
  const token = decodedText(raw).match(/\/household\?invite=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`No invitation link in the mail:\n${raw}`);
  return token;
}
