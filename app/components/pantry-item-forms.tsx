/**
 * A pantry item's row and forms, shared by /pantry and /ingredient-preview (each passes its own address as
 * `action`): its details and days left, the edit form (which shows the day a move to another place gives before it
 * is saved), "Used up or thrown away?" and the Undo of what was just logged.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useState } from "react";
import { Field, SelectField } from "~/components/forms";
import { EditIcon, TrashIcon } from "~/components/icons";
import { SubmitButton } from "~/components/intent-form";
import { PantryUnitSelect } from "~/components/pantry-unit-select";
import { useFormBusy } from "~/components/use-form-busy";
import { sentValue, useLazyFormCheck } from "~/components/use-lazy-form-check";
import { PANTRY_TYPES } from "~/domain/pantry";
import { isStorage, movedDayMessage, STORAGE_LABELS, STORAGE_PLACES } from "~/domain/pantry-details";
import type { pantryItemsView } from "~/services/pantry-item-changes.server";

type View = Awaited<ReturnType<typeof pantryItemsView>>;
export type PantryItemView = View["items"][number];
type Constraint = View["editConstraint"];

export const editItemPath = (screen: string, key: string) => `${screen}?${new URLSearchParams({ edit: key })}`;
const idOf = (prefix: string, key: string) => `${prefix}-${key.replace(/[^a-z0-9]+/gi, "-")}`;

/** What was just used up or thrown away, and an Undo (a plain form) for 10 minutes. */
export function LoggedNotice({ logged, action }: { logged: { id: number; message: string }; action: string }) {
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className="form-message form-message-success food-log-undo"
      role="status"
    >
      <span>{logged.message}</span>
      <input type="hidden" name="intent" value="undo-food-log" />
      <input type="hidden" name="entry" value={logged.id} />
      <button type="submit" className="button button-secondary button-small">
        Undo
      </button>
    </Form>
  );
}

const loadCheck = () => import("~/domain/pantry-edit-check").then((module) => module.ingredientEditErrors);

export function EditForm({
  item,
  action,
  constraint,
  lastResult,
  moveNote,
}: {
  item: PantryItemView;
  action: string;
  constraint: Constraint;
  lastResult: SubmissionResult | undefined;
  /** the server's word on a move it did not save, so that the cook sees the new day first */
  moveNote?: string | null;
}) {
  const { errors, formProps } = useLazyFormCheck(loadCheck, lastResult);
  // the item as the cook saw it when the form opened: a change another member made since refuses the save
  const [version] = useState(item.version);
  const id = idOf("edit", item.key);
  // The server's answer draws the form afresh with what was sent: while it is on its way, nothing typed would survive it.
  const saving = useFormBusy({ fields: { intent: "edit", key: item.key }, action, method: "POST" });
  /** What the cook sent, when the server sent the form back; the item's own values otherwise. */
  const sent = (name: string, value: string) => sentValue(lastResult, name) ?? value;
  const field = (name: keyof typeof constraint, value: string) => ({
    id: `${id}-${name}`,
    name,
    defaultValue: sent(name, value),
    required: constraint[name]?.required,
    disabled: saving,
  });
  // The place whose day the date field shows: a move shows its new day there before anything is saved.
  const [placeShown, setPlaceShown] = useState(sent("placeShown", item.storage));
  const [day, setDay] = useState(sent("bestBefore", item.bestBefore));
  const [note, setNote] = useState(moveNote ?? null);
  const dayOfPlace = (place: string) => (isStorage(place) ? item.movedBestBefore[place] : item.bestBefore);
  const onPlace = (place: string) => {
    if (!isStorage(place)) return;
    // a day the cook typed themselves stays; the day shown for the old place follows the item
    if (day === dayOfPlace(placeShown)) {
      const moved = dayOfPlace(place);
      setNote(moved !== item.bestBefore ? movedDayMessage(item.name, place, moved) : null);
      setDay(moved);
    }
    setPlaceShown(place);
  };
  return (
    <Form
      method="post"
      action={action}
      {...formProps}
      id={id}
      className="edit-form"
      aria-label={`Edit ${item.name}`}
      aria-busy={saving || undefined}
    >
      <input type="hidden" name="key" value={item.key} />
      <input type="hidden" name="version" value={String(version)} />
      <input type="hidden" name="placeShown" value={placeShown} />
      <Field
        label="Name"
        inputProps={{ ...field("name", item.name), type: "text", autoFocus: true }}
        errors={errors.name}
      />
      <SelectField
        label="Type"
        selectProps={field("type", item.type)}
        placeholder="Choose a type"
        options={PANTRY_TYPES}
        errors={errors.type}
      />
      <div className="edit-details">
        <Field
          label="Amount"
          inputProps={{
            ...field("quantity", item.quantity === null ? "" : String(item.quantity)),
            type: "number",
            step: "any",
            inputMode: "decimal",
          }}
          errors={errors.quantity}
        />
        <div className="field">
          <PantryUnitSelect selectProps={field("unit", item.unit ?? "")} errors={errors.unit} />
        </div>
        <SelectField
          label="Kept in"
          selectProps={{ ...field("storage", item.storage), onChange: (event) => onPlace(event.target.value) }}
          placeholder="Choose a place"
          options={STORAGE_PLACES}
          optionLabels={STORAGE_LABELS}
          errors={errors.storage}
        />
        <Field
          label="Best before"
          inputProps={{
            ...field("bestBefore", item.bestBefore),
            defaultValue: undefined,
            value: day,
            onChange: (event) => setDay(event.target.value),
            type: "date",
            "aria-describedby": note ? `${id}-moved` : undefined,
          }}
          errors={errors.bestBefore}
        />
      </div>
      <p id={`${id}-moved`} className="edit-moved-note" role="status">
        {note}
      </p>
      <div className="edit-actions">
        <SubmitButton
          busy={saving}
          label="Save"
          busyLabel="Saving..."
          name="intent"
          value="edit"
          className="button button-primary button-small"
        />
        <Link to={action} replace preventScrollReset className="button button-secondary button-small">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** Amount, place and days left, under the name: "400 g · Fridge · 2 days". */
export function ItemDetails({ item }: { item: PantryItemView }) {
  const urgency = item.daysLeft < 0 ? "expired" : item.daysLeft <= 1 ? "urgent" : "fresh";
  return (
    <span className="ingredient-details">
      {item.detailsText}
      <span className={`days-left days-left-${urgency}`} title={`Best before ${item.bestBefore}`}>
        {item.daysLeftText}
      </span>
    </span>
  );
}

/** The amount (the whole item prefilled) and the two buttons, behind a disclosure to keep the row short. */
export function FoodLogForm({ item, action }: { item: PantryItemView; action: string }) {
  const fetcher = useFetcher({ key: `log-food-${item.key}` });
  const busy = fetcher.state !== "idle";
  const id = idOf("log", item.key);
  return (
    <details className="food-log">
      <summary>Used up or thrown away?</summary>
      <fetcher.Form
        method="post"
        action={action}
        preventScrollReset
        className="food-log-form"
        aria-label={`Used up or thrown away: ${item.name}`}
      >
        <input type="hidden" name="intent" value="log-food" />
        <input type="hidden" name="key" value={item.key} />
        <label htmlFor={`${id}-amount`}>Amount</label>
        <input
          id={`${id}-amount`}
          name="amount"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          defaultValue={item.quantity ?? ""}
          placeholder="all"
        />
        <PantryUnitSelect hiddenLabel selectProps={{ id: `${id}-unit`, name: "unit", defaultValue: item.unit ?? "" }} />
        <button type="submit" name="kind" value="used" className="button button-secondary button-small" disabled={busy}>
          Used up
        </button>
        <button
          type="submit"
          name="kind"
          value="wasted"
          className="button button-secondary button-small"
          disabled={busy}
        >
          Thrown away
        </button>
      </fetcher.Form>
    </details>
  );
}

/** An item as a row: picture, name, type, details, then Edit and Delete (and the food log for a signed-in cook). */
function PantryItemRow({ item, action, signedIn }: { item: PantryItemView; action: string; signedIn: boolean }) {
  return (
    <li className="ingredient-row">
      <img src={item.imageUrl} alt="" width={40} height={40} />
      <span className="ingredient-row-text">
        <span className="ingredient-name">{item.name}</span>
        <span className="ingredient-type">
          {item.type}
          {item.source === "camera" ? " · from your photo" : null}
        </span>
        <ItemDetails item={item} />
        {signedIn ? <FoodLogForm item={item} action={action} /> : null}
      </span>
      <Link
        to={editItemPath(action, item.key)}
        replace
        preventScrollReset
        className="icon-button icon-button-small"
        aria-label={`Edit ${item.name}`}
      >
        <EditIcon />
      </Link>
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="key" value={item.key} />
        <button
          type="submit"
          name="intent"
          value="delete"
          className="icon-button icon-button-small"
          aria-label={`Delete ${item.name}`}
        >
          <TrashIcon />
        </button>
      </Form>
    </li>
  );
}

/** A form sent back by the server: the item's key, conform's reply, and the word on a move not yet saved. */
export interface FailedEdit {
  editKey: string;
  result: SubmissionResult;
  moveNote: string | null;
}

/** The items as rows, the one being edited (`editing`: its key) as its form. */
export function PantryItemList({
  label,
  items,
  action,
  signedIn,
  editing,
  failedEdit,
  constraint,
}: {
  label: string;
  items: PantryItemView[];
  action: string;
  signedIn: boolean;
  editing: string | null;
  failedEdit: FailedEdit | null;
  constraint: Constraint;
}) {
  const location = useLocation();
  const failed = (item: PantryItemView) => (failedEdit?.editKey === item.key ? failedEdit : null);
  return (
    <ul className="ingredient-rows" aria-label={label}>
      {items.map((item) =>
        item.key === editing ? (
          // opened afresh after each visit (a save refused as stale comes back on the item as it is now)
          <li key={`${item.key}-${location.key}`} className="ingredient-row ingredient-row-editing">
            <img src={item.imageUrl} alt="" width={40} height={40} />
            <EditForm
              item={item}
              action={action}
              constraint={constraint}
              lastResult={failed(item)?.result}
              moveNote={failed(item)?.moveNote}
            />
          </li>
        ) : (
          <PantryItemRow key={item.key} item={item} action={action} signedIn={signedIn} />
        )
      )}
    </ul>
  );
}
