/**
 * The guesses of a photo, for the cook to confirm before anything joins the list (issue 28): per item its
 * best guess (chosen to start with, unless the recogniser was unsure) and the next best ones as choices, and
 * "None of these" with a name to type. Confirm adds what was chosen; Retake forgets the guesses. Plain forms posted to the camera screen's
 * action, so the same with and without JavaScript.
 */
import { Form } from "@remix-run/react";
import { useId } from "react";
import { useFormBusy } from "~/components/use-form-busy";

export interface Guess {
  name: string;
  type: string;
}

export interface GuessedItem extends Guess {
  alternatives: Guess[];
  /** the recogniser was not sure: no choice is made for the cook */
  unsure: boolean;
}

export const GUESSES_TITLE = "Is this what you photographed?";
export const NONE_OF_THESE_LABEL = "None of these";
export const TYPE_ITS_NAME = "Type its name";
export const CONFIRM_LABEL = "Confirm";
export const RETAKE_LABEL = "Retake";
export const UNSURE_LEGEND = "Not sure: which one is it?";

function ItemChoices({ item, index, count }: { item: GuessedItem; index: number; count: number }) {
  const typedId = useId();
  const choices = [item, ...item.alternatives];
  return (
    <fieldset className="guess-item">
      <legend>{item.unsure ? UNSURE_LEGEND : count > 1 ? `Item ${index + 1} of ${count}` : "Your photo shows"}</legend>
      {choices.map((choice, at) => (
        <label key={choice.name} className="guess-choice">
          <input type="radio" name={`item-${index}`} value={choice.name} defaultChecked={at === 0 && !item.unsure} />
          <span>{choice.name}</span>
        </label>
      ))}
      <label className="guess-choice">
        <input type="radio" name={`item-${index}`} value="" />
        <span>{NONE_OF_THESE_LABEL}</span>
      </label>
      <div className="field guess-typed">
        <label htmlFor={typedId}>{TYPE_ITS_NAME}</label>
        <input id={typedId} name={`typed-${index}`} type="text" maxLength={60} autoComplete="off" />
      </div>
    </fieldset>
  );
}

export function PhotoGuesses({ items }: { items: readonly GuessedItem[] }) {
  const titleId = useId();
  const busy = useFormBusy({ method: "POST" });
  return (
    <section className="photo-guesses stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{GUESSES_TITLE}</h2>
      <p className="muted">Tap the right one for each item. Nothing is added until you confirm.</p>
      <Form method="post" className="stack">
        <input type="hidden" name="intent" value="confirm" />
        {items.map((item, index) => (
          <ItemChoices key={`${index}:${item.name}`} item={item} index={index} count={items.length} />
        ))}
        <button type="submit" className="button button-primary" disabled={busy}>
          {CONFIRM_LABEL}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="retake" />
        <button type="submit" className="button button-secondary" disabled={busy}>
          {RETAKE_LABEL}
        </button>
      </Form>
    </section>
  );
}
