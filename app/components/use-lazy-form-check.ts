import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type SyntheticEvent } from "react";

type FieldErrors = Record<string, string[]>;
/** A form's check: its errors by field name (from conform's parse with a zod schema, say). */
export type FormCheck = (formData: FormData) => Record<string, string[] | null> | null | undefined;

const present = (errors: Record<string, string[] | null> | null | undefined): FieldErrors =>
  Object.fromEntries(Object.entries(errors ?? {}).filter((entry): entry is [string, string[]] => !!entry[1]?.length));

/** What the cook sent for a field when the server sent the form back (conform's `initialValue`), if anything. */
export function sentValue(lastResult: SubmissionResult | undefined, name: string): string | undefined {
  const value = lastResult?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

const fieldName = (event: SyntheticEvent) => (event.target as Partial<HTMLInputElement>).name || null;

/**
 * A form's errors for a screen that should not carry its check (zod) in its first load: the server's reply
 * (`lastResult`, with or without JavaScript) to start with, then the browser's own check once `load` has
 * brought it, as conform would do it: a field is checked when left after the cook changed it (leaving a field
 * untouched, say the one focused on arrival, says nothing) and again on every change after that, the whole form
 * on submit (a form with errors is not sent; its first wrong field gets the focus), and every field of a form the
 * server sent back on every change. Until the check arrives, or if it never does, the server checks on submit, and
 * the server's error on a field goes when the cook changes it; fields left before the check came are checked when
 * it does.
 */
export function useLazyFormCheck(load: () => Promise<FormCheck>, lastResult: SubmissionResult | undefined) {
  const [check, setCheck] = useState<FormCheck | null>(null);
  const [errors, setErrors] = useState<FieldErrors>(() => present(lastResult?.error));
  const formRef = useRef<HTMLFormElement>(null);
  const left = useRef(new Set<string>());
  const edited = useRef(new Set<string>());

  useEffect(() => {
    // A form the server sent back is checked on every change, as one the browser's own check refused: its errors go
    // as the cook types, not when Save is pressed, where the page moving up under the pointer would lose the click.
    for (const name of Object.keys(lastResult?.initialValue ?? {})) left.current.add(name);
    setErrors(present(lastResult?.error));
  }, [lastResult]);
  useEffect(() => {
    let mounted = true;
    load().then(
      (loaded) => mounted && setCheck(() => loaded),
      () => undefined
    );
    return () => {
      mounted = false;
    };
  }, []); // loaded once, with the form

  const checkFields = (names: Iterable<string>) => {
    const form = formRef.current;
    if (!check || !form) return;
    const found = present(check(new FormData(form)));
    // a field turned off while its form is on its way is not in the form's data (not empty): the answer says
    const off = new Set(
      [...form.elements].flatMap((field) =>
        (field as HTMLInputElement).disabled ? [(field as HTMLInputElement).name] : []
      )
    );
    setErrors((before) => {
      const after = { ...before };
      for (const name of names) {
        if (off.has(name)) continue;
        if (found[name]) after[name] = found[name];
        else delete after[name];
      }
      return after;
    });
  };
  useEffect(() => checkFields(left.current), [check]);

  const formProps = {
    ref: formRef,
    noValidate: true,
    onBlur(event: SyntheticEvent) {
      const name = fieldName(event);
      if (!name || !edited.current.has(name)) return;
      left.current.add(name);
      checkFields([name]);
    },
    onChange(event: SyntheticEvent) {
      const name = fieldName(event);
      if (!name) return;
      edited.current.add(name);
      if (!left.current.has(name)) return;
      if (check) checkFields([name]);
      // Before the check has come, the server's word on a field was on the value the cook is changing: it goes now.
      // Were it to go when the check arrives, the form would move up under a pointer already on its way to Save.
      else setErrors(({ [name]: _stale, ...rest }) => rest);
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (!check) return;
      const found = present(check(new FormData(event.currentTarget)));
      const wrong = Object.keys(found);
      if (wrong.length === 0) return;
      event.preventDefault();
      const fields = [...event.currentTarget.elements] as (HTMLElement & { name?: string })[];
      for (const field of fields) if (field.name) left.current.add(field.name);
      setErrors(found);
      fields.find((field) => field.name && wrong.includes(field.name))?.focus();
    },
  };
  /** Empties the form and forgets its errors and the fields left, as after a review is in. */
  const reset = useCallback(() => {
    formRef.current?.reset();
    left.current.clear();
    edited.current.clear();
    setErrors({});
  }, []);
  return { errors, formProps, reset, check };
}
