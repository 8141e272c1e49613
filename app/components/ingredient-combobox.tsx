/**
 * The search box on /search. Without JavaScript it is a plain search field (its form shows a results list).
 * With JavaScript it becomes an ARIA combobox: suggestions from /api/ingredient-suggestions as the user
 * types, ArrowUp/ArrowDown to move, Enter to add the highlighted one, Escape to close (then to clear).
 */
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { useIngredientImages } from "~/components/use-ingredient-images";
import type { IngredientMatch } from "~/domain/ingredient-search";
import { ingredientIconUrl } from "~/domain/ingredient-types";

const SUGGEST_DELAY_MS = 120;

type Props = {
  defaultQuery: string;
  /** keys of the ingredients already in the list, marked in the dropdown */
  listedKeys: readonly string[];
  onPick: (name: string) => void;
};

export function IngredientCombobox({ defaultQuery, listedKeys, onPick }: Props) {
  const hydrated = useHydrated();
  const inputId = useId();
  const listId = useId();
  const [query, setQuery] = useState(defaultQuery);
  const [options, setOptions] = useState<IngredientMatch[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const images = useIngredientImages(options.map((option) => option.name));

  useEffect(() => {
    const typed = query.trim();
    if (!hydrated || !typed) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/ingredient-suggestions?${new URLSearchParams({ q: typed })}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : { suggestions: [] }))
        .then((body: { suggestions: IngredientMatch[] }) => {
          setOptions(body.suggestions);
          setActive(-1);
        })
        .catch(() => undefined);
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, hydrated]);

  const expanded = hydrated && open && options.length > 0;

  function pick(option: IngredientMatch) {
    onPick(option.name);
    setQuery("");
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % count);
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (expanded) {
        setOpen(false);
        setActive(-1);
      } else {
        setQuery("");
      }
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="combobox">
      <label htmlFor={inputId} className="visually-hidden">
        Search ingredients
      </label>
      <input
        id={inputId}
        name="q"
        type="search"
        placeholder="Search ingredients"
        autoComplete="off"
        // MAX_TYPED_LIST_LENGTH: a list ("2 eggs, 500 g chicken breast, onion") may be typed here too
        maxLength={600}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        {...(hydrated
          ? {
              role: "combobox",
              "aria-autocomplete": "list" as const,
              "aria-expanded": expanded,
              "aria-controls": listId,
              "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
            }
          : {})}
      />
      {hydrated ? (
        <ul id={listId} role="listbox" aria-label="Suggested ingredients" className="combobox-list" hidden={!expanded}>
          {options.map((option, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the input takes the keys
            <li
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="combobox-option"
              // keeps focus in the input, so the click does not close the list first
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              <img src={images.get(option.name) ?? ingredientIconUrl(option.type)} alt="" width={28} height={28} />
              <span className="combobox-name">
                {option.name}
                {option.via ? <span className="combobox-via"> ({option.via})</span> : null}
              </span>
              {listedKeys.includes(option.key) ? <span className="combobox-listed">In your list</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
