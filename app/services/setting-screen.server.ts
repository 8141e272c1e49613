/**
 * /setting: the profile form, the use-soon reminder and the account's deletion, for the signed-in cook, and what
 * the profile and delete forms post. The screen's route module imports only this server module for its loader and
 * action (decision 069).
 */
import { data } from "@remix-run/node";
import { formatDayMonthYear } from "~/domain/dates";
import { CONFIRM_DELETE_QUERY, formatAllergies, PROFILE_MESSAGES } from "~/domain/profile-messages";
import { isEmailVerified } from "./email-verification.server";
import { readImageFormOrRefusal } from "./images.server";
import { redirectWithFlash, requireUserId } from "./session.server";
import { readReminder } from "./use-soon-reminder.server";
import { deleteAccount, parseProfileForm, refusalStatus, requireProfile, updateProfile } from "./users.server";

/** The cook's profile (with the birth date and allergies as the form writes them) and use-soon reminder. */
export async function settingScreen(request: Request) {
  const profile = await requireProfile(request);
  // Without JavaScript, "Delete Account" leads here: the same confirmation, drawn by the server.
  const confirmDelete = new URL(request.url).search === `?${CONFIRM_DELETE_QUERY}`;
  const [reminder, emailVerified] = await Promise.all([
    readReminder(profile.user_id),
    isEmailVerified(profile.user_id),
  ]);
  const written = {
    birth_date: profile.birth_date ? formatDayMonthYear(profile.birth_date) : "",
    allergies: formatAllergies(profile.allergies),
  };
  return { profile, written, confirmDelete, reminder, emailVerified };
}

async function deleteOwnAccount(userId: number) {
  if ((await deleteAccount(userId)) !== "deleted") {
    return data({ result: undefined, uploadError: null, deleteError: PROFILE_MESSAGES.deleteFailed }, { status: 500 });
  }
  throw await redirectWithFlash("/login", { type: "success", message: PROFILE_MESSAGES.deleted });
}

/** Saves the profile form (multipart, with an optional picture) or deletes the account (intent=delete). */
export async function changeSetting(request: Request) {
  const userId = await requireUserId(request);
  const read = await readImageFormOrRefusal(request);
  if (!read.ok)
    return data({ result: undefined, uploadError: read.message, deleteError: null }, { status: read.status });
  const { formData } = read;
  if (formData.get("intent") === "delete") return deleteOwnAccount(userId);

  const submission = parseProfileForm(formData);
  const failed = (fieldErrors: Record<string, string[]>, status: number) =>
    data(
      {
        result: submission.reply({ formErrors: [PROFILE_MESSAGES.updateFailed], fieldErrors, hideFields: ["avatar"] }),
        uploadError: null,
        deleteError: null,
      },
      { status }
    );
  if (submission.status !== "success") return failed({}, 400);
  const outcome = await updateProfile(userId, submission.value);
  if (!outcome.ok) return failed({ [outcome.field]: [outcome.message] }, refusalStatus(outcome));
  throw await redirectWithFlash("/setting", { type: "success", message: PROFILE_MESSAGES.updated });
}
