import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Flash } from "~/components/flash";
import { Field, SelectField } from "~/components/forms";
import { EditIcon, PlusIcon, TrashIcon } from "~/components/icons";
import { PantryUnitSelect } from "~/components/pantry-update";
import { PendingOverlay } from "~/components/pending-overlay";
import { sentValue, useLazyFormCheck } from "~/components/use-lazy-form-check";
import { useRefreshWhileOpen } from "~/components/use-refresh-while-open";
import { ScreenHeader } from "~/components/screen-header";
import { PANTRY_TYPES } from "~/domain/pantry";
import { STORAGE_LABELS, STORAGE_PLACES } from "~/domain/pantry-details";
import { PANTRY_UNITS } from "~/domain/pantry-units";
import { changeIngredientPreview, ingredientPreviewScreen } from "~/services/ingredient-preview-screen.server";
import { oneAtATimePerSession } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Your ingredients · Recipe Helper" }];
const PREVIEW = "/ingredient-preview";
const editPath = (key: string) => `${PREVIEW}?${new URLSearchParams({ edit: key })}`;

export async function loader({ request }: LoaderFunctionArgs) {
  return ingredientPreviewScreen(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return oneAtATimePerSession(request, () => changeIngredientPreview(request));
}

/** What was just used up or thrown away, and an Undo (a plain form) for 10 minutes. */
function LoggedNotice({ logged }: { logged: { id: number; message: string } }) {
  return (
    <Form
      method="post"
      action={PREVIEW}
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

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Item = LoaderData["items"][number];
const loadCheck = () => import("~/domain/pantry-edit-check").then((module) => module.ingredientEditErrors);

function EditForm({
  item,
  constraint,
  lastResult,
}: {
  item: Item;
  constraint: LoaderData["editConstraint"];
  lastResult: SubmissionResult | undefined;
}) {
  const { errors, formProps } = useLazyFormCheck(loadCheck, lastResult);
  // the item as the cook saw it when the form opened: a change another member made since refuses the save
  const [version] = useState(item.version);
  const id = `edit-${item.key.replace(/[^a-z0-9]+/gi, "-")}`;
  /** What the cook sent, when the server sent the form back; the item's own values otherwise. */
  const sent = (name: string, value: string) => sentValue(lastResult, name) ?? value;
  const field = (name: keyof typeof constraint, value: string) => ({
    id: `${id}-${name}`,
    name,
    defaultValue: sent(name, value),
    required: constraint[name]?.required,
  });
  return (
    <Form method="post" action={PREVIEW} {...formProps} id={id} className="edit-form" aria-label={`Edit ${item.name}`}>
      <input type="hidden" name="key" value={item.key} />
      <input type="hidden" name="version" value={String(version)} />
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
        <SelectField
          label="Unit"
          selectProps={field("unit", item.unit ?? "")}
          placeholder="No unit"
          options={PANTRY_UNITS}
          errors={errors.unit}
        />
        <SelectField
          label="Kept in"
          selectProps={field("storage", item.storage)}
          placeholder="Choose a place"
          options={STORAGE_PLACES}
          optionLabels={STORAGE_LABELS}
          errors={errors.storage}
        />
        <Field
          label="Best before"
          inputProps={{ ...field("bestBefore", item.bestBefore), type: "date" }}
          errors={errors.bestBefore}
        />
      </div>
      <div className="edit-actions">
        <button type="submit" name="intent" value="edit" className="button button-primary button-small">
          Save
        </button>
        <Link to={PREVIEW} replace preventScrollReset className="button button-secondary button-small">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** Amount, place and days left, under the name: "400 g · Fridge · 2 days". */
function ItemDetails({ item }: { item: Item }) {
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
function FoodLogForm({ item }: { item: Item }) {
  const fetcher = useFetcher({ key: `log-food-${item.key}` });
  const busy = fetcher.state !== "idle";
  const id = `log-${item.key.replace(/[^a-z0-9]+/gi, "-")}`;
  return (
    <details className="food-log">
      <summary>Used up or thrown away?</summary>
      <fetcher.Form
        method="post"
        action={PREVIEW}
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
        <label htmlFor={`${id}-unit`} className="visually-hidden">
          Unit
        </label>
        <PantryUnitSelect id={`${id}-unit`} name="unit" defaultValue={item.unit} />
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

export default function IngredientPreviewScreen() {
  const { items, editKey, signedIn, logged, editConstraint } = useLoaderData<typeof loader>();
  // a household's pantry: what another member changed shows up
  useRefreshWhileOpen({ enabled: signedIn });
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const failedEdit = actionData && "editKey" in actionData ? actionData : null;
  const editing = failedEdit?.editKey ?? editKey;
  const confirming = navigation.state === "loading" && navigation.location.pathname === "/preferences";

  return (
    <main className="ingredients-screen">
      <ScreenHeader
        back="/search"
        backLabel="Back to search"
        title="Your ingredients"
        end={
          <Link to="/search" className="icon-button screen-header-end" aria-label="Add more ingredients">
            <PlusIcon />
          </Link>
        }
      />
      <Flash />
      {logged ? <LoggedNotice logged={logged} /> : null}

      {items.length === 0 ? (
        <p className="empty-state">No ingredients detected</p>
      ) : (
        <ul className="ingredient-rows" aria-label="Ingredients">
          {items.map((item) =>
            item.key === editing ? (
              <li key={item.key} className="ingredient-row ingredient-row-editing">
                <img src={item.imageUrl} alt="" width={40} height={40} />
                <EditForm
                  // opened afresh after each visit (a save refused as stale comes back on the item as it is now)
                  key={location.key}
                  item={item}
                  constraint={editConstraint}
                  lastResult={failedEdit?.editKey === item.key ? failedEdit.result : undefined}
                />
              </li>
            ) : (
              <li key={item.key} className="ingredient-row">
                <img src={item.imageUrl} alt="" width={40} height={40} />
                <span className="ingredient-row-text">
                  <span className="ingredient-name">{item.name}</span>
                  <span className="ingredient-type">
                    {item.type}
                    {item.source === "camera" ? " · from your photo" : null}
                  </span>
                  <ItemDetails item={item} />
                  {signedIn ? <FoodLogForm item={item} /> : null}
                </span>
                <Link
                  to={editPath(item.key)}
                  replace
                  preventScrollReset
                  className="icon-button icon-button-small"
                  aria-label={`Edit ${item.name}`}
                >
                  <EditIcon />
                </Link>
                <Form method="post" action={PREVIEW} preventScrollReset>
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
            )
          )}
        </ul>
      )}

      {items.length > 0 ? (
        <Link to="/preferences" className="button button-primary screen-cta">
          CONFIRM
        </Link>
      ) : (
        <button type="button" className="button button-primary screen-cta" disabled>
          CONFIRM
        </button>
      )}
      {confirming ? <PendingOverlay message="Creating your menu, just a moment!" /> : null}
    </main>
  );
}
