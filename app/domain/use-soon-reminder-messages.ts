/** What the use-soon email's screens say: zod-free, as the Setting and unsubscribe screens draw it (decision 069). */
export const REMINDER_MESSAGES = {
  saved: (time: string, timeZone: string) =>
    `You will get an email at ${time} (${timeZone}) on days when food needs using soon.`,
  off: "Use-soon emails are off.",
  unsubscribed: "You will no longer get use-soon emails. Nothing else about your account has changed.",
  alreadyOff: "This link was used already: use-soon emails are off. Nothing was changed.",
  forged: "This unsubscribe link is not valid. Nothing was changed.",
  confirm: "Stop the daily use-soon emails? Nothing else about your account changes.",
  stop: "Stop use-soon emails",
  unverified:
    "Use-soon emails go only to a verified email address. Open the verification link we sent you, or send a new one from your account, then turn the email on.",
  unverifiedScreen: (email: string) =>
    `Use-soon emails go only to a verified email address, so that nobody can have them sent to someone else. Open the link we sent to ${email}, or get a new one.`,
  paused: "Your use-soon email is paused until the address is verified.",
  time: "Please choose a time as HH:MM (for example 07:30).",
  timeZone: "Please choose a known time zone (for example Europe/Berlin).",
} as const;
