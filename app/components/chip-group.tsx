import { useId } from "react";

type ChipGroupProps = {
  legend: string;
  /** shown under the legend and read with the group */
  hint?: string;
  name: string;
  options: readonly string[];
  selected: readonly string[];
};

/**
 * A multi-select of chips: real checkboxes (so the form posts without JavaScript and Space toggles them),
 * drawn as chips by app/styles/chips.css.
 */
export function ChipGroup({ legend, hint, name, options, selected }: ChipGroupProps) {
  const hintId = useId();
  return (
    <fieldset className="chip-group" aria-describedby={hint ? hintId : undefined}>
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="chip-hint">
          {hint}
        </p>
      ) : null}
      <div className="chips">
        {options.map((option) => (
          <label key={option} className="chip">
            <input type="checkbox" name={name} value={option} defaultChecked={selected.includes(option)} />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
