/** A field's errors and the aria attributes that read them out: the small part of a form's field every form needs. */

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

/**
 * A control's aria attributes: invalid when it has errors, described by the notes named (a hint under the field)
 * and by its errors (`${id}-error`, where ErrorList puts them).
 */
export function describedControl(id: string, errors: string[] | null | undefined, ...notes: (string | undefined)[]) {
  const describedBy = [...notes, errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { "aria-invalid": errors?.length ? true : undefined, "aria-describedby": describedBy || undefined };
}
