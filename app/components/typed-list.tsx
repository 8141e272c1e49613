/**
 * Several ingredients typed at once (/search, /pantry): the box the list is typed in (read with a GET, so the
 * address keeps it), and the list as read, each item with its amount and Add, and "Add all". Plain forms.
 */
import { Form } from "@remix-run/react";
import type { typedListView } from "~/services/pantry-forms.server";

type TypedListItem = ReturnType<typeof typedListView>[number];

/** The box behind "Add several at once"; `name`: the query parameter the screen reads the list from. */
export function TypedListBox({
  action,
  name,
  defaultValue = "",
  open,
}: {
  action: string;
  name: string;
  defaultValue?: string;
  open?: boolean;
}) {
  const id = `typed-list-${name}`;
  return (
    <details className="typed-list-box" open={open}>
      <summary>Add several at once</summary>
      <Form method="get" action={action} className="stack">
        <label htmlFor={id}>Type or paste a list: commas, “and” or one a line; amounts are kept</label>
        <textarea
          id={id}
          name={name}
          rows={3}
          maxLength={600}
          defaultValue={defaultValue}
          placeholder={"2 eggs, 500 g chicken breast\ntomato and onion"}
        />
        <button type="submit" className="button button-small">
          Read my list
        </button>
      </Form>
    </details>
  );
}

/** The list as read; its forms post to `path` (intent add, or add-all with the whole `list`). */
export function TypedListResults({
  items,
  list,
  path,
  listedNote,
}: {
  items: TypedListItem[];
  list: string;
  path: string;
  /** what an item already there says ("In your list") */
  listedNote: string;
}) {
  return (
    <section aria-labelledby="typed-list-title" className="search-results">
      <h2 id="typed-list-title">Your list: {items.length === 1 ? "1 item" : `${items.length} items`}</h2>
      <ul className="ingredient-rows">
        {items.map((item) => (
          <li key={item.key || `typed:${item.name}`} className="ingredient-row">
            <span className="ingredient-row-text">
              <span className="ingredient-name">
                {item.name}
                {item.amount ? <span className="muted"> · {item.amount}</span> : null}
              </span>
              <span className="ingredient-type">{item.type}</span>
            </span>
            {item.listed ? (
              <span className="listed-note">{listedNote}</span>
            ) : (
              <Form method="post" action={path} preventScrollReset replace>
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="name" value={item.typed} />
                {item.quantity !== null ? <input type="hidden" name="quantity" value={item.quantity} /> : null}
                {item.unit ? <input type="hidden" name="unit" value={item.unit} /> : null}
                <button type="submit" className="button button-small" aria-label={`Add ${item.name}`}>
                  Add
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {items.some((item) => !item.listed) ? (
        <Form method="post" action={path} preventScrollReset replace>
          <input type="hidden" name="intent" value="add-all" />
          <input type="hidden" name="list" value={list} />
          <button type="submit" className="button button-primary">
            Add all
          </button>
        </Form>
      ) : null}
    </section>
  );
}
