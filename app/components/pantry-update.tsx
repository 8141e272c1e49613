/**
 * "Update your pantry" after cooking: each pantry item the recipe used with the amount prefilled, "Used it all" or
 * "Keep the rest", one submit; then what was taken and an Undo for 10 minutes. Posts to /cooked/{id} (a plain form
 * without JavaScript, a fetcher with it); `back` says where the answer returns: the recipe screen or that page.
 */
import { useFetcher } from "@remix-run/react";
import { PantryUnitSelect } from "~/components/pantry-unit-select";
import type { PantryUnit } from "~/domain/pantry-units";
import { suggestedUses } from "~/domain/suggested-uses";
import type { PantryUpdateView } from "~/services/food-log.server";

/**
 * The page of a meal's pantry update; `servings`: the servings cooked when not the recipe's, kept to four places so
 * that a fit to the pantry (3⅓ servings) prefills what it used up, not a gram less.
 */
export const cookedPath = (completionId: number, servings?: number | null) =>
  `/cooked/${completionId}${servings ? `?servings=${Number(servings.toFixed(4))}` : ""}`;

const unitWord = (unit: PantryUnit | null) => (unit === null || unit === "piece" ? "pieces" : unit);

/** `factor`: the servings the recipe screen shows over the recipe's, when the amounts should follow them. */
export function PantryUpdate({
  view,
  back,
  factor,
}: {
  view: PantryUpdateView;
  back: "recipe" | "page";
  factor?: number;
}) {
  const fetcher = useFetcher({ key: `pantry-update-${view.completionId}` });
  const busy = fetcher.state !== "idle";
  const action = cookedPath(view.completionId, back === "page" ? view.servings : null);
  if (view.updated) {
    return (
      <div className="pantry-update-done">
        <p>Pantry updated.</p>
        {view.updated.lines.length > 0 ? (
          <ul aria-label="Taken from your pantry">
            {view.updated.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        {view.updated.undoUntil ? (
          <fetcher.Form method="post" action={action}>
            <input type="hidden" name="back" value={back} />
            <button
              type="submit"
              name="intent"
              value="undo"
              className="button button-secondary button-small"
              disabled={busy}
            >
              {busy ? "Undoing..." : "Undo"}
            </button>
          </fetcher.Form>
        ) : null}
      </div>
    );
  }
  if (view.rows.length === 0) return <p className="menu-hint">This recipe used nothing from your pantry.</p>;
  const rows =
    factor === undefined || factor === view.factor
      ? view.rows
      : view.rows.map((row) => {
          const { use, notAdded } = suggestedUses(row.lines, row.item, row.weights, factor);
          return { ...row, ...use, notAdded };
        });
  return (
    <fetcher.Form key={factor ?? view.factor} method="post" action={action} className="pantry-update-form">
      <input type="hidden" name="back" value={back} />
      <p className="menu-hint">Check what the meal took; nothing changes until you update.</p>
      {rows.map((row, index) => {
        const field = (name: string) => `use[${index}].${name}`;
        const id = (name: string) => `pantry-use-${view.completionId}-${index}-${name}`;
        return (
          <fieldset key={row.key} className="pantry-use">
            <legend>
              {row.name}
              {row.held ? <span className="pantry-use-held"> (you have {row.held})</span> : null}
            </legend>
            <input type="hidden" name={field("key")} value={row.key} />
            <div className="pantry-use-amount">
              <label htmlFor={id("amount")}>Amount used</label>
              <input
                id={id("amount")}
                name={field("amount")}
                type="number"
                min={0}
                step="any"
                inputMode="decimal"
                defaultValue={row.amount ?? ""}
              />
              <PantryUnitSelect
                label={`Unit of ${row.name}`}
                hiddenLabel
                selectProps={{ id: id("unit"), name: field("unit"), defaultValue: row.unit ?? "" }}
              />
            </div>
            {row.notAdded.length > 0 ? (
              <p className="menu-hint">
                Not counted in this amount: {row.notAdded.join(" and ")} from the recipe, which does not convert to{" "}
                {unitWord(row.unit)}. Add it if it came from here.
              </p>
            ) : null}
            <div className="pantry-use-rest" role="radiogroup" aria-label={`What is left of ${row.name}`}>
              <label>
                <input type="radio" name={field("rest")} value="all" defaultChecked={row.all} /> Used it all
              </label>
              <label>
                <input type="radio" name={field("rest")} value="keep" defaultChecked={!row.all} /> Keep the rest
              </label>
            </div>
          </fieldset>
        );
      })}
      <button type="submit" name="intent" value="update" className="button button-primary" disabled={busy}>
        {busy ? "Updating..." : "Update pantry"}
      </button>
    </fetcher.Form>
  );
}
