import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";
import { Flash } from "~/components/flash";
import { IntentForm, stayOnScreen, usePendingIntents } from "~/components/intent-form";
import { ModalDialog } from "~/components/modal-dialog";
import { ScreenHeader } from "~/components/screen-header";
import { useRefreshWhileOpen } from "~/components/use-refresh-while-open";
import { deliveryApps, type DeliveryApp } from "~/domain/delivery-apps";
import { readForm } from "~/services/request.server";
import { requireCook } from "~/services/cook.server";
import { redirectWithFlash } from "~/services/session.server";
import {
  isGotShoppingIntent,
  listShoppingItems,
  moveToPantryAndGoBack,
  NOT_ON_LIST_MESSAGE,
  parseRemoval,
  removeShoppingItem,
} from "~/services/shopping-list.server";

export const meta: MetaFunction = () => [{ title: "Shopping list · Recipe Helper" }];

const LIST_PATH = "/shoppinglist";
/** Each item is ordered on its own: a delivery app's search finds one product at a time, not a list of them. */
const orderPath = (itemId: number) => `${LIST_PATH}?order=${itemId}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const { listId } = await requireCook(request);
  const items = await listShoppingItems(listId);
  const ordered = items.find((item) => String(item.id) === new URL(request.url).searchParams.get("order"));
  return { items, ordering: ordered ? { name: ordered.name, apps: deliveryApps([ordered.name]) } : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const cook = await requireCook(request);
  const formData = await readForm(request);
  if (isGotShoppingIntent(formData.get("intent"))) return moveToPantryAndGoBack(cook, formData);
  const parsed = parseRemoval(formData);
  const refuse = (message: string) => redirectWithFlash(LIST_PATH, { type: "error", message });
  if (!parsed.success) return refuse(parsed.error.issues[0].message);
  if (!(await removeShoppingItem(cook.listId, parsed.data.item))) return refuse(NOT_ON_LIST_MESSAGE);
  return redirect(LIST_PATH);
}

export const clientAction = stayOnScreen;

export default function ShoppingListScreen() {
  const { items, ordering } = useLoaderData<typeof loader>();
  // the household's list: what another member bought or added shows up
  useRefreshWhileOpen();
  const removing = new Set(usePendingIntents("remove").map((fields) => Number(fields.item)));
  const gotAll = useFetcher({ key: "got-everything" });
  const shown = gotAll.state === "idle" ? items.filter((item) => !removing.has(item.id)) : [];
  return (
    <main className="shopping-list">
      <ScreenHeader back="/home" backLabel="Back" title="Shopping list" />
      <Flash />
      {shown.length === 0 ? (
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
                <IntentForm fetcherKey={`remove-${item.id}`} fields={{ intent: "remove", item: String(item.id) }}>
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
          </ul>
          <div className="shopping-actions">
            <gotAll.Form method="post" className="shopping-got-all">
              <input type="hidden" name="intent" value="got-everything" />
              <button type="submit" className="button button-secondary">
                Got everything
              </button>
            </gotAll.Form>
          </div>
        </>
      )}
      {ordering ? <DeliveryDialog name={ordering.name} apps={ordering.apps} /> : null}
    </main>
  );
}

/** Moves the item into the pantry; with JavaScript the card goes at once, and the list's message follows. */
function GotItButton({ id, name }: { id: number; name: string }) {
  const fetcher = useFetcher({ key: `got-${id}` });
  return (
    <fetcher.Form method="post" className="shopping-got">
      <input type="hidden" name="intent" value="got-it" />
      <input type="hidden" name="item" value={String(id)} />
      <button type="submit" className="button button-primary shopping-card-got">
        {fetcher.state === "idle" ? "Got it" : "Moving…"}
        <span className="visually-hidden">: {name}</span>
      </button>
    </fetcher.Form>
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
