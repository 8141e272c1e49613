import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/services/env.server";

/** `headers`: extra header fields (List-Unsubscribe...). */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/**
 * How a mail left: through SMTP, or (no SMTP configured) as an .eml file in the outbox folder, with its plain text
 * beside it as `.txt` (the .eml's body is quoted-printable, which breaks a long link over lines with "=").
 */
export type Delivery = { via: "smtp" } | { via: "outbox"; file: string; readable: string };

let smtp: Transporter | undefined;

function smtpTransport(host: string): Transporter {
  smtp ??= nodemailer.createTransport({
    host,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE ? env.SMTP_SECURE === "true" : env.SMTP_PORT === 465,
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return smtp;
}

/** Writes the whole message as the SMTP server would have received it. */
const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

export async function sendMail(mail: Mail): Promise<Delivery> {
  const message = { from: env.MAIL_FROM, ...mail };
  if (env.SMTP_HOST) {
    await smtpTransport(env.SMTP_HOST).sendMail(message);
    return { via: "smtp" };
  }
  const { message: raw } = (await outbox.sendMail(message)) as { message: Buffer };
  const dir = path.resolve(env.MAIL_OUTBOX_DIR);
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`
  );
  const readable = file.replace(/\.eml$/, ".txt");
  await mkdir(dir, { recursive: true });
  await writeFile(file, raw, { mode: 0o600 });
  await writeFile(readable, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: 0o600 });
  console.info(`SMTP is not configured (SMTP_HOST): the mail to ${mail.to} was written to ${file} (text: ${readable})`);
  return { via: "outbox", file, readable };
}
