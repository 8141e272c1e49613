import { useId, useState, type InputHTMLAttributes, type SelectHTMLAttributes } from "react";
import { useHydrated } from "~/components/use-hydrated";

type FieldProps = {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
  errors?: string[];
};

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    // a list may not take the alert role (axe: aria-allowed-role), so each message is a paragraph of the alert
    <div id={id} className="field-errors" role="alert">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

export function Field({ label, inputProps, errors }: FieldProps) {
  const errorId = `${inputProps.id}-error`;
  // a hint the caller names (a note under the field) is read out with the errors
  const describedBy = [inputProps["aria-describedby"], errors?.length ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={inputProps.id}>{label}</label>
      <input
        {...inputProps}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type SelectFieldProps = {
  label: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string; name: string };
  /** the first option, for choosing nothing */
  placeholder: string;
  options: readonly string[];
  /** what each option reads as, when not its value */
  optionLabels?: Readonly<Record<string, string>>;
  errors?: string[];
};

export function SelectField({ label, selectProps, placeholder, options, optionLabels, errors }: SelectFieldProps) {
  const errorId = `${selectProps.id}-error`;
  return (
    <div className="field">
      <label htmlFor={selectProps.id}>{label}</label>
      <select
        {...selectProps}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabels?.[option] ?? option}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** The rule a new password meets, shown under the field before anyone gets it wrong. */
export const NEW_PASSWORD_HINT = "At least 8 characters, with an uppercase letter, a lowercase letter and a number.";

/**
 * Password input with a show/hide toggle (the toggle needs JavaScript, so it appears once hydrated), and the rule
 * it must meet (`hint`) read out with it.
 */
export function PasswordField({ label, inputProps, errors, hint }: FieldProps & { hint?: string }) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const errorId = `${inputProps.id}-error`;
  const hintId = `${inputProps.id}-hint`;
  const toggleId = useId();
  const describedBy = [hint ? hintId : "", errors?.length ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={inputProps.id}>{label}</label>
      <div className="password-input">
        <input
          {...inputProps}
          type={visible ? "text" : "password"}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {hydrated ? (
          <button
            id={toggleId}
            type="button"
            className="password-toggle"
            aria-pressed={visible}
            aria-controls={inputProps.id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
