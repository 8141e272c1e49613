import {
  useId,
  useState,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { describedControl, ErrorList } from "~/components/field-errors";
import { useHydrated } from "~/components/use-hydrated";

type FieldProps = {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
  errors?: string[];
};

/** What to write and how, under a field (read out with it through describedControl). */
function FieldHint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={id} className="field-hint">
      {hint}
    </p>
  ) : null;
}

export function Field({ label, inputProps, errors }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={inputProps.id}>{label}</label>
      {/* a hint the caller names (a note under the field) is read out with the errors */}
      <input {...inputProps} {...describedControl(inputProps.id, errors, inputProps["aria-describedby"])} />
      <ErrorList id={`${inputProps.id}-error`} errors={errors} />
    </div>
  );
}

type TextAreaFieldProps = {
  label: string;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; name: string };
  /** what to write and how, under the field and read out with it */
  hint?: string;
  errors?: string[];
};

export function TextAreaField({ label, textareaProps, hint, errors }: TextAreaFieldProps) {
  const { id } = textareaProps;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea {...textareaProps} {...describedControl(id, errors, hint && `${id}-hint`)} />
      <FieldHint id={`${id}-hint`} hint={hint} />
      <ErrorList id={`${id}-error`} errors={errors} />
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

/**
 * A select with its label, its first option for choosing nothing and its errors, without a wrapper (a row of
 * controls puts it beside others; `hiddenLabel`: the label is read out only).
 */
export function SelectControl({
  label,
  hiddenLabel = false,
  selectProps,
  placeholder,
  options,
  optionLabels,
  errors,
}: SelectFieldProps & { hiddenLabel?: boolean }) {
  return (
    <>
      <label htmlFor={selectProps.id} className={hiddenLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      <select {...selectProps} {...describedControl(selectProps.id, errors)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabels?.[option] ?? option}
          </option>
        ))}
      </select>
      <ErrorList id={`${selectProps.id}-error`} errors={errors} />
    </>
  );
}

export function SelectField(props: SelectFieldProps) {
  return (
    <div className="field">
      <SelectControl {...props} />
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
  const hintId = `${inputProps.id}-hint`;
  const toggleId = useId();
  return (
    <div className="field">
      <label htmlFor={inputProps.id}>{label}</label>
      <div className="password-input">
        <input
          {...inputProps}
          type={visible ? "text" : "password"}
          {...describedControl(inputProps.id, errors, hint && hintId)}
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
      <FieldHint id={hintId} hint={hint} />
      <ErrorList id={`${inputProps.id}-error`} errors={errors} />
    </div>
  );
}
