import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Flash } from "~/components/flash";
import { Field, SelectField } from "~/components/forms";
import { LoggedNotice, PantryItemList } from "~/components/pantry-item-forms";
import { PantryUnitSelect } from "~/components/pantry-unit-select";
import { ScreenHeader } from "~/components/screen-header";
import { TypedListBox, TypedListResults } from "~/components/typed-list";
import { sentValue } from "~/components/use-lazy-form-check";
import { useRefreshWhileOpen } from "~/components/use-refresh-while-open";
import { useFormBusy } from "~/components/use-form-busy";
import { STORAGE_LABELS, STORAGE_PLACES } from "~/domain/pantry-details";
import { changePantryScreen, pantryScreen } from "~/services/pantry-screen.server";
import { oneAtATimePerSession } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Pantry · Recipe Helper" }];
const PANTRY = "/pantry";

export async function loader({ request }: LoaderFunctionArgs) {
  return pantryScreen(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return oneAtATimePerSession(request, () => changePantryScreen(request));
}

/** A name, and if the cook wants: amount and unit, place (the usual one when left) and day (estimated when left). */
function QuickAdd({ path, lastResult }: { path: string; lastResult: SubmissionResult | undefined }) {
  const adding = useFormBusy({ fields: { intent: "add" } });
  // Empty again once an add has gone through (an error keeps what was typed); other navigations leave it alone.
  const form = useRef<HTMLFormElement>(null);
  const wasAdding = useRef(false);
  useEffect(() => {
    if (adding) wasAdding.current = true;
    else if (wasAdding.current) {
      wasAdding.current = false;
      if (!lastResult) form.current?.reset();
    }
  }, [adding, lastResult]);
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null>;
  const field = (name: string) => ({ id: `add-${name}`, name, defaultValue: sentValue(lastResult, name) ?? "" });
  return (
    <section className="pantry-add" aria-labelledby="pantry-add-title">
      <h2 id="pantry-add-title">Add to your pantry</h2>
      <Form method="post" action={path} preventScrollReset className="pantry-add-form" ref={form}>
        <input type="hidden" name="intent" value="add" />
        <Field
          label="Ingredient"
          inputProps={{ ...field("name"), type: "text", required: true, maxLength: 60, autoComplete: "off" }}
          errors={errors.name ?? undefined}
        />
        <div className="edit-details">
          <Field
            label="Amount"
            inputProps={{ ...field("quantity"), type: "number", min: 0, step: "any", inputMode: "decimal" }}
            errors={errors.quantity ?? undefined}
          />
          <div className="field">
            <PantryUnitSelect selectProps={field("unit")} errors={errors.unit ?? undefined} />
          </div>
          <SelectField
            label="Kept in"
            selectProps={field("storage")}
            placeholder="Usual place"
            options={STORAGE_PLACES}
            optionLabels={STORAGE_LABELS}
            errors={errors.storage ?? undefined}
          />
          <Field
            label="Best before"
            inputProps={{ ...field("bestBefore"), type: "date", "aria-describedby": "add-bestBefore-hint" }}
            errors={errors.bestBefore ?? undefined}
          />
        </div>
        <p id="add-bestBefore-hint" className="field-hint">
          Left empty, the day is estimated from the place.
        </p>
        <button type="submit" className="button button-primary" disabled={adding}>
          {adding ? "Adding..." : "Add"}
        </button>
      </Form>
    </section>
  );
}

export default function PantryScreen() {
  const { places, count, editKey, signedIn, logged, editConstraint, list, typedList, path } =
    useLoaderData<typeof loader>();
  // the household's pantry: what another member changed shows up
  useRefreshWhileOpen({ enabled: signedIn });
  const actionData = useActionData<typeof action>();
  const failedEdit = actionData && "editKey" in actionData ? actionData : null;
  const failedAdd = actionData && "addResult" in actionData ? actionData.addResult : undefined;
  const editing = failedEdit?.editKey ?? editKey;

  return (
    <main className="pantry-screen">
      <ScreenHeader back="/home" backLabel="Back to Home" title="Pantry" />
      <Flash />
      {logged ? <LoggedNotice logged={logged} action={PANTRY} /> : null}
      <div className="pantry-layout">
        <div className="pantry-adding">
          <QuickAdd path={path} lastResult={failedAdd} />
          <TypedListBox action={PANTRY} name="list" defaultValue={list ?? ""} open={list !== null} />
          {typedList && list ? (
            <TypedListResults items={typedList} list={list} path={path} listedNote="In your pantry" />
          ) : null}
        </div>
        <div className="pantry-places">
          <p className="pantry-count">
            {count === 0
              ? "Your pantry is empty: add what you have in the fridge, freezer or cupboard."
              : `${count} ${count === 1 ? "item" : "items"}, soonest first.`}
          </p>
          {places.map(({ place, label, items }) => (
            <section key={place} className="pantry-place" aria-labelledby={`pantry-${place}-title`}>
              <h2 id={`pantry-${place}-title`}>
                {label} <span className="pantry-place-count">({items.length})</span>
              </h2>
              {items.length === 0 ? (
                <p className="muted">Nothing in the {label.toLowerCase()}.</p>
              ) : (
                <PantryItemList
                  label={label}
                  items={items}
                  action={PANTRY}
                  signedIn={signedIn}
                  editing={editing}
                  failedEdit={failedEdit}
                  constraint={editConstraint}
                />
              )}
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}
