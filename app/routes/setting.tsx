import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState, type InputHTMLAttributes } from "react";
import { Avatar } from "~/components/avatar";
import { Flash, FormMessage } from "~/components/flash";
import { ErrorList } from "~/components/field-errors";
import { Field, SelectField } from "~/components/forms";
import { useHydrated } from "~/components/use-hydrated";
import { ModalDialog } from "~/components/modal-dialog";
import { ScreenHeader } from "~/components/screen-header";
import { sentValue, useLazyFormCheck } from "~/components/use-lazy-form-check";
import { UseSoonReminderForm } from "~/components/use-soon-reminder-form";
import { useFormBusy } from "~/components/use-form-busy";
import { COUNTRIES } from "~/domain/countries";
import { ACCEPTED_IMAGE_TYPES } from "~/domain/image-upload";
import { CONFIRM_DELETE_QUERY, PROFILE_MESSAGES } from "~/domain/profile-messages";
import { changeSetting, settingScreen } from "~/services/setting-screen.server";

export const meta: MetaFunction = () => [{ title: "Settings · Recipe Helper" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return settingScreen(request);
}

/** Saves the profile form (multipart, with an optional picture) or deletes the account (intent=delete). */
export async function action({ request }: ActionFunctionArgs) {
  return changeSetting(request);
}

function DeleteAccountDialog({ onClose, error }: { onClose: () => void; error: string | null }) {
  const deleting = useFormBusy({ fields: { intent: "delete" } });
  return (
    <ModalDialog
      titleId="delete-account-title"
      descriptionId="delete-account-description"
      role="alertdialog"
      onClose={onClose}
    >
      <h2 id="delete-account-title">Delete your account?</h2>
      <p id="delete-account-description">
        Your profile, picture, reviews, posts, comments, likes, favourites, history and shopping list will be removed
        for good. This cannot be undone.
      </p>
      <FormMessage type="error" message={error} />
      <Form method="post" action="/setting" className="modal-dialog-actions">
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className="button button-danger" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete Account"}
        </button>
        <Link
          to="/setting"
          className="button button-secondary"
          onClick={(event) => {
            event.preventDefault();
            onClose();
          }}
        >
          Cancel
        </Link>
      </Form>
    </ModalDialog>
  );
}

/**
 * The profile picture: a button-like label over the file picker and, with JavaScript, the chosen picture shown
 * in place of the current one. Without JavaScript the browser's own picker stays (styled), as it alone can say
 * which file was chosen.
 */
function AvatarPicker({
  current,
  inputProps,
  errors,
}: {
  current: string | null;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
  errors: string[] | undefined;
}) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<{ url: string; name: string } | null>(null);
  useEffect(() => {
    if (chosen) return () => URL.revokeObjectURL(chosen.url);
  }, [chosen]);
  const errorId = `${inputProps.id}-error`;
  return (
    <div className="setting-avatar">
      <Avatar
        src={chosen?.url ?? current}
        label={chosen ? "Your new profile picture" : "Your current profile picture"}
        className="avatar-large"
      />
      <div className="field avatar-picker">
        <label
          htmlFor={inputProps.id}
          className={hydrated ? "button button-secondary avatar-picker-button" : undefined}
        >
          {hydrated ? "Change profile picture" : "Profile picture"}
        </label>
        <input
          {...inputProps}
          className={hydrated ? "visually-hidden" : "file-input"}
          aria-label="Profile picture"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setChosen(file ? { url: URL.createObjectURL(file), name: file.name } : null);
          }}
        />
        {chosen ? <p className="field-hint">{chosen.name} will be saved with the profile.</p> : null}
        <ErrorList id={errorId} errors={errors} />
      </div>
    </div>
  );
}

type Screen = ReturnType<typeof useLoaderData<typeof loader>>;

const loadCheck = () => import("~/domain/profile-check").then((module) => module.profileErrors);

/** The profile form; remounted (fresh defaults, no picture chosen) whenever the saved profile changes. */
function ProfileForm({
  profile,
  written,
  lastResult,
  uploadError,
}: {
  profile: Screen["profile"];
  /** the birth date and allergies as the form writes them */
  written: Screen["written"];
  lastResult: SubmissionResult<string[]> | undefined;
  uploadError: string | null;
}) {
  const navigation = useNavigation();
  const saving = useFormBusy({ fields: { intent: "update" } });
  const shownResult = navigation.state === "idle" ? lastResult : undefined;
  const { errors, formProps } = useLazyFormCheck(loadCheck, shownResult);
  const field = (name: string, saved: string) => ({
    id: `profile-${name}`,
    name,
    defaultValue: sentValue(shownResult, name) ?? saved,
  });

  return (
    <Form method="post" action="/setting" encType="multipart/form-data" {...formProps} id="profile" className="stack">
      <FormMessage type="error" message={errors[""]?.length || uploadError ? PROFILE_MESSAGES.updateFailed : null} />
      <input type="hidden" name="intent" value="update" />
      <AvatarPicker
        current={profile.avatar_url}
        inputProps={{ id: "profile-avatar", name: "avatar", type: "file", accept: ACCEPTED_IMAGE_TYPES }}
        errors={errors.avatar ?? (uploadError ? [uploadError] : undefined)}
      />
      <Field
        label="Username"
        inputProps={{ ...field("username", profile.username), type: "text", required: true, autoComplete: "username" }}
        errors={errors.username}
      />
      <Field
        label="Email"
        inputProps={{ ...field("email", profile.email), type: "email", required: true, autoComplete: "email" }}
        errors={errors.email}
      />
      <Field
        label="Phone number"
        inputProps={{
          ...field("phone_number", profile.phone_number ?? ""),
          type: "tel",
          inputMode: "numeric",
          autoComplete: "tel-national",
          placeholder: "Digits only, up to 10",
        }}
        errors={errors.phone_number}
      />
      <Field
        label="Birth date"
        inputProps={{
          ...field("birth_date", written.birth_date),
          type: "text",
          inputMode: "numeric",
          placeholder: "dd/mm/yyyy",
          autoComplete: "bday",
        }}
        errors={errors.birth_date}
      />
      <SelectField
        label="Country"
        selectProps={{ ...field("country", profile.country ?? ""), autoComplete: "country-name" }}
        placeholder="Choose a country"
        options={COUNTRIES}
        errors={errors.country}
      />
      <Field
        label="Allergies (comma separated)"
        inputProps={{
          ...field("allergies", written.allergies),
          type: "text",
          placeholder: "e.g. peanuts, shellfish",
        }}
        errors={errors.allergies}
      />
      <button type="submit" className="button button-primary" disabled={saving}>
        {saving ? "Saving..." : "SAVE CHANGES"}
      </button>
    </Form>
  );
}

export default function SettingScreen() {
  const { profile, written, confirmDelete, reminder, emailVerified } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const deleteError = actionData?.deleteError ?? null;
  const closeDialog = () => (confirmDelete ? navigate("/setting", { replace: true }) : setConfirming(false));

  return (
    <main className="setting">
      <ScreenHeader back="/account" backLabel="Back to Account" title="Settings" />
      {deleteError ? <FormMessage type="error" message={deleteError} /> : <Flash />}
      <h2>Edit profile</h2>
      <ProfileForm
        key={JSON.stringify(profile)}
        profile={profile}
        written={written}
        lastResult={actionData?.result}
        uploadError={actionData?.uploadError ?? null}
      />
      <UseSoonReminderForm reminder={reminder} emailVerified={emailVerified} email={profile.email} />
      <section className="danger-zone" aria-labelledby="danger-zone-title">
        <h2 id="danger-zone-title">Delete account</h2>
        <p>Remove your account and everything you have added to Recipe Helper.</p>
        <Link
          to={`/setting?${CONFIRM_DELETE_QUERY}`}
          className="button button-danger"
          onClick={(event) => {
            event.preventDefault();
            setConfirming(true);
          }}
        >
          Delete Account
        </Link>
      </section>
      {confirming || confirmDelete ? <DeleteAccountDialog onClose={closeDialog} error={deleteError} /> : null}
    </main>
  );
}
