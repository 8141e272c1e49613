import type { SelectHTMLAttributes } from "react";
import { SelectControl } from "~/components/forms";
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
    <SelectControl
      label={label}
      hiddenLabel={hiddenLabel}
      selectProps={selectProps}
      placeholder="No unit"
      options={PANTRY_UNITS}
      errors={errors}
    />
  );
}
