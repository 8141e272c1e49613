import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigate,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type MouseEvent } from "react";
import { Flash } from "~/components/flash";
import { Field } from "~/components/forms";
import { IntentForm, stayOnScreen, usePendingIntents } from "~/components/intent-form";
import { ModalDialog } from "~/components/modal-dialog";
import { ChangeKeyField, OfflineStatus, stampChangeKey, useReplayWhenOnline } from "~/components/offline-shopping";
import { ScreenHeader } from "~/components/screen-header";
import { queueChange, queuedChangeOf, useShoppingQueue } from "~/components/shopping-queue";
import { sentValue, useLazyFormCheck } from "~/components/use-lazy-form-check";
import { useRefreshWhileOpen } from "~/components/use-refresh-while-open";
import { itemsTakenOff } from "~/domain/offline-queue";
import { MAX_SHOPPING_NAME_LENGTH, MAX_SHOPPING_QUANTITY_LENGTH } from "~/domain/shopping-changes";
import type { DeliveryApp } from "~/domain/delivery-apps";
import { changeShoppingList, shoppingListScreen } from "~/services/shopping-list-screen.server";

export const meta: MetaFunction = () => [{ title: "Shopping list · Recipe Helper" }];

const LIST_PATH = "/shoppinglist";
/** Each item is ordered on its own: a delivery app's search finds one product at a time, not a list of them. */
const orderPath = (itemId: number) => `${LIST_PATH}?order=${itemId}`;
const GOT_EVERYTHING = "got-everything";

export async function loader({ request }: LoaderFunctionArgs) {
  return shoppingListScreen(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return changeShoppingList(request);
}

/** A tap made offline, or whose request never reached the server, is queued rather than lost. */
export async function clientAction(args: ClientActionFunctionArgs) {
  const queued = queuedChangeOf(Object.fromEntries(await args.request.clone().formData()));
  if (queued && !navigator.onLine) return queueAndStay(queued);
  try {
    return await stayOnScreen(args);
  } catch (thrown) {
    if (queued && thrown instanceof TypeError) return queueAndStay(queued);
    throw thrown;
  }
}

type Queued = { queued: true };
function queueAndStay(change: NonNullable<ReturnType<typeof queuedChangeOf>>): Queued {
  queueChange(change);
  return { queued: true };
}

/** A queued tap changed nothing on the server: nothing to read again (and offline, nothing could be). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as Partial<Queued> | undefined)?.queued ? false : defaultShouldRevalidate;

export default function ShoppingListScreen() {
  const { items, ordering, listId } = useLoaderData<typeof loader>();
  // the household's list: what another member bought or added shows up
  useRefreshWhileOpen();
  useReplayWhenOnline(listId);
  const { queue, online } = useShoppingQueue();
  const takenOff = itemsTakenOff(queue);
  const removing = new Set(usePendingIntents("remove").map((fields) => Number(fields.item)));
  const gotAll = useFetcher({ key: GOT_EVERYTHING });
  const shown = gotAll.state === "idle" ? items.filter((item) => !removing.has(item.id) && !takenOff.has(item.id)) : [];
  const waitingToAdd = queue.filter((change) => change.intent === "add");
  return (
    <main className="shopping-list">
      <ScreenHeader back="/home" backLabel="Back" title="Shopping list" />
      <Flash />
      <OfflineStatus />
      <AddItemForm />
      {shown.length === 0 && waitingToAdd.length === 0 ? (
        <p className="shopping-list-empty">
          Your shopping list is empty. Pick the ingredients you are missing on a recipe to add them here.
        </p>
      ) : (
        <>
          <ul className="shopping-cards" aria-label="Items to buy">
            {shown.map((item) => (
              <li key={item.id} className="shopping-card">
                <img src={item.image} alt="" width={56} height={56} loading="lazy" />
                <span className="shopping-card-text">
                  <span className="shopping-card-name">{item.name}</span>
                  {item.quantity ? <span className="shopping-card-quantity">{item.quantity}</span> : null}
                </span>
                <GotItButton id={item.id} name={item.name} />
                <Link
                  to={orderPath(item.id)}
                  className="button button-secondary shopping-card-order"
                  preventScrollReset
                  aria-label={`Order ${item.name}`}
                >
                  Order
                </Link>
                <IntentForm
                  fetcherKey={`remove-${item.id}`}
                  fields={{ intent: "remove", item: String(item.id), name: item.name }}
                  onSubmit={stampChangeKey}
                >
                  <ChangeKeyField />
                  <button
                    type="submit"
                    className="button button-secondary shopping-card-remove"
                    aria-label={`Remove ${item.name}`}
                  >
                    Remove
                  </button>
                </IntentForm>
              </li>
            ))}
            {waitingToAdd.map((change) => (
              <li key={change.key} className="shopping-card shopping-card-waiting">
                <span className="shopping-card-text">
                  <span className="shopping-card-name">{change.name}</span>
                  {change.quantity ? <span className="shopping-card-quantity">{change.quantity}</span> : null}
                  <span className="shopping-card-quantity">Waiting to be sent</span>
                </span>
              </li>
            ))}
          </ul>
          {shown.length > 0 ? (
            <div className="shopping-actions">
              {/* not queued offline: each item's Got it is */}
              <IntentForm
                fetcherKey={GOT_EVERYTHING}
                fields={{ intent: "got-everything" }}
                className="shopping-got-all"
                button={{
                  label: "Got everything",
                  busyLabel: "Moving...",
                  disabled: !online,
                  "aria-describedby": online ? undefined : "got-all-offline",
                }}
              />
              {online ? null : (
                <p id="got-all-offline" className="shopping-list-empty">
                  Got everything needs a connection; offline, tap Got it on each item.
                </p>
              )}
            </div>
          ) : null}
        </>
      )}
      {ordering ? <DeliveryDialog name={ordering.name} apps={ordering.apps} /> : null}
    </main>
  );
}

const loadAddCheck = () => import("~/domain/shopping-add-check").then((module) => module.addShoppingItemErrors);

/**
 * A typed item ("oat milk", "2 cartons"): checked as the cook types once the check has loaded, by the server in
 * any case. Emptied once the list took it (or queued it, offline).
 */
function AddItemForm() {
  const fetcher = useFetcher<{ result?: SubmissionResult } | Queued>({ key: "add-item" });
  const actionData = useActionData<{ result?: SubmissionResult }>();
  const fetched = fetcher.data && "result" in fetcher.data ? fetcher.data.result : undefined;
  const lastResult = fetched ?? actionData?.result;
  const { errors, formProps, reset } = useLazyFormCheck(loadAddCheck, lastResult);
  const done = fetcher.state === "idle" && fetcher.data !== undefined && !fetched;
  useEffect(() => {
    if (done) reset();
  }, [done, fetcher.data, reset]);
  const checkThenStamp = (event: Parameters<typeof formProps.onSubmit>[0]) => {
    formProps.onSubmit(event);
    if (!event.defaultPrevented) stampChangeKey(event);
  };
  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={checkThenStamp}
      className="shopping-add"
      aria-labelledby="shopping-add-title"
    >
      <h2 id="shopping-add-title" className="shopping-add-title">
        Add an item
      </h2>
      <input type="hidden" name="intent" value="add" />
      <ChangeKeyField />
      <div className="shopping-add-fields">
        <Field
          label="Item"
          inputProps={{
            id: "shopping-add-name",
            name: "name",
            type: "text",
            required: true,
            maxLength: MAX_SHOPPING_NAME_LENGTH,
            defaultValue: sentValue(lastResult, "name"),
            autoComplete: "off",
          }}
          errors={errors.name}
        />
        <Field
          label="Amount (optional)"
          inputProps={{
            id: "shopping-add-quantity",
            name: "quantity",
            type: "text",
            maxLength: MAX_SHOPPING_QUANTITY_LENGTH,
            defaultValue: sentValue(lastResult, "quantity"),
            autoComplete: "off",
          }}
          errors={errors.quantity}
        />
      </div>
      <button type="submit" className="button button-primary shopping-add-submit" disabled={fetcher.state !== "idle"}>
        {fetcher.state === "idle" ? "Add to list" : "Adding..."}
      </button>
    </fetcher.Form>
  );
}

/** Moves the item into the pantry; with JavaScript the card goes at once, and the list's message follows. */
function GotItButton({ id, name }: { id: number; name: string }) {
  const which = <span className="visually-hidden">: {name}</span>;
  return (
    <IntentForm
      fetcherKey={`got-${id}`}
      fields={{ intent: "got-it", item: String(id), name }}
      className="shopping-got"
      onSubmit={stampChangeKey}
      button={{
        label: <>Got it{which}</>,
        busyLabel: <>Moving...{which}</>,
        className: "button button-primary shopping-card-got",
      }}
    >
      <ChangeKeyField />
    </IntentForm>
  );
}

/**
 * Opens the app in a popup window; where popups are blocked the link opens it in a new tab instead. The
 * window starts blank (same origin) so that its link back to this page can be cut before the app loads.
 */
function openInPopup(event: MouseEvent<HTMLAnchorElement>, app: DeliveryApp) {
  const popup = window.open("", `delivery-${app.name}`, "popup,width=480,height=760");
  if (!popup) return;
  event.preventDefault();
  popup.opener = null;
  popup.location.href = app.url;
}

function DeliveryDialog({ name, apps }: { name: string; apps: DeliveryApp[] }) {
  const navigate = useNavigate();
  const close = () => navigate(LIST_PATH, { replace: true, preventScrollReset: true });
  return (
    <ModalDialog titleId="delivery-title" descriptionId="delivery-description" onClose={close}>
      <h2 id="delivery-title">Choose Delivery App</h2>
      <p id="delivery-description">The app opens in a new window with {name} in its search.</p>
      <div className="modal-dialog-actions">
        {apps.map((app) => (
          <a
            key={app.name}
            href={app.url}
            target="_blank"
            rel="noopener noreferrer"
            className="button button-primary"
            onClick={(event) => openInPopup(event, app)}
          >
            {app.name}
          </a>
        ))}
        <Link to={LIST_PATH} replace preventScrollReset className="button button-secondary">
          Close
        </Link>
      </div>
    </ModalDialog>
  );
}
