/**
 * /pantry: every item of the cook's pantry (their household's; a guest's, in their session) grouped by the place it
 * is kept, soonest first, and what its forms post: a quick add with amount, place and day, a typed list of several,
 * and each item's edit, deletion, "Used up" / "Thrown away" and Undo (pantry-item-changes.server.ts, as on
 * /ingredient-preview). The screen's route module imports only this server module (decision 069).
 */
import { data } from "@remix-run/node";
import { alreadyListedMessage } from "~/domain/pantry";
import { STORAGE_LABELS, STORAGE_PLACES } from "~/domain/pantry-details";
import { MAX_TYPED_LIST_LENGTH } from "~/domain/typed-list";
import { loadCatalogue } from "./catalogue.server";
import { getCook, type Cook } from "./cook.server";
import { changePantryItem, isItemChange, pantryItemsView } from "./pantry-item-changes.server";
import { addTypedList, parsePantryAdd, typedListView } from "./pantry-forms.server";
import { addToPantry } from "./pantry-store.server";
import { readForm } from "./request.server";
import { redirectWithFlash, startSessionIfNone } from "./session.server";

const PANTRY = "/pantry";

/** A typed list shown before adding (`?list=`), cut to the length a list may have. */
function typedListOf(request: Request): string | null {
  const list = new URL(request.url).searchParams.get("list")?.slice(0, MAX_TYPED_LIST_LENGTH).trim();
  return list ? list : null;
}

/** The screen's address with its typed list, where the list's forms come back to. */
const pathOf = (list: string | null) => (list ? `${PANTRY}?${new URLSearchParams({ list })}` : PANTRY);

export async function pantryScreen(request: Request) {
  const cook = await getCook(request);
  const headers = new Headers();
  await startSessionIfNone(request, headers);
  const list = typedListOf(request);
  const view = await pantryItemsView(cook, new URL(request.url).searchParams);
  const byDays = [...view.items].sort((a, b) => a.daysLeft - b.daysLeft || a.name.localeCompare(b.name));
  const places = STORAGE_PLACES.map((place) => ({
    place,
    label: STORAGE_LABELS[place],
    items: byDays.filter((item) => item.storage === place),
  }));
  const listedKeys = view.items.map((item) => item.key);
  return data(
    {
      ...view,
      places,
      count: view.items.length,
      list,
      path: pathOf(list),
      typedList: list ? typedListView(await loadCatalogue(), list, listedKeys) : null,
    },
    { headers }
  );
}

/** The quick add: the item with what the cook gave (the rest estimated), or the form back with its errors. */
async function quickAdd(cook: Cook, formData: FormData, back: string) {
  const submission = parsePantryAdd(formData);
  if (submission.status !== "success") return data({ addResult: submission.reply() }, { status: 400 });
  const { name, quantity, unit, storage, bestBefore } = submission.value;
  const added = await addToPantry(cook, [{ name, quantity, unit, storage, bestBefore }]);
  if (!added.ok) {
    return data({ addResult: submission.reply({ fieldErrors: { name: [added.message] } }) }, { status: 400 });
  }
  const [item] = added.added;
  if (!item) {
    const message = alreadyListedMessage(added.alreadyListed[0]?.name ?? name);
    return data({ addResult: submission.reply({ fieldErrors: { name: [message] } }) }, { status: 400 });
  }
  const message = `${item.name} added to the ${STORAGE_LABELS[item.storage].toLowerCase()}.`;
  return redirectWithFlash(back, { type: "success", message }, added.headers);
}

export async function changePantryScreen(request: Request) {
  const cook = await getCook(request);
  const formData = await readForm(request);
  const back = pathOf(typedListOf(request));
  if (isItemChange(formData)) return changePantryItem(cook, formData, PANTRY);
  if (formData.get("intent") === "add-all") return addTypedList(cook, formData, back);
  return quickAdd(cook, formData, back);
}
