import type { SelectHTMLAttributes } from "react";
import { describedControl, ErrorList } from "~/components/field-errors";
import { PANTRY_UNITS } from "~/domain/pantry-units";

/**
 * The one select of a pantry amount's unit (or none), with its label and errors and no wrapper: a form's field
 * puts it in a `.field`, a row of amount and buttons beside its amount (the label then read out only).
 */
export function PantryUnitSelect({
  label = "Unit",
  hiddenLabel = false,
  selectProps,
  errors,
}: {
  label?: string;
  hiddenLabel?: boolean;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string; name: string };
  errors?: string[];
}) {
  return (
    <>
      <label htmlFor={selectProps.id} className={hiddenLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      <select {...selectProps} {...describedControl(selectProps.id, errors)}>
        <option value="">No unit</option>
        {PANTRY_UNITS.map((unit) => (
          <option key={unit} value={unit}>
            {unit}
          </option>
        ))}
      </select>
      <ErrorList id={`${selectProps.id}-error`} errors={errors} />
    </>
  );
}
