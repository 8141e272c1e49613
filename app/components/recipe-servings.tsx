/**
 * The recipe screen's servings: − / + links, a number in a GET form and "Fit to my pantry". Without JavaScript
 * each is a plain request (`?servings=N`, `?fit=pantry`) the server renders scaled; with it the amounts change
 * at once, computed in the browser by the same pure module, and the address follows.
 */
import { Form, Link } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { servingsText, MAX_SERVINGS, MIN_SERVINGS, SERVINGS_INVALID_MESSAGE, type PantryFit } from "~/domain/servings";

export interface ScalingChoice {
  servings: number | null;
  fit: boolean;
  error: string | null;
}

export interface Scaling {
  /** servings shown (fractional after fitting: 2¾) */
  servings: number;
  /** what every amount is multiplied by */
  factor: number;
  fit: PantryFit | null;
  /** the cook asked for the fit but no pantry amount compares with the recipe */
  nothingToFit: boolean;
  error: string | null;
}

function scalingOf(choice: ScalingChoice, base: number, pantryFit: PantryFit | null): Scaling {
  if (choice.fit && pantryFit) {
    return { servings: pantryFit.servings, factor: pantryFit.factor, fit: pantryFit, nothingToFit: false, error: null };
  }
  const servings = choice.servings ?? base;
  return { servings, factor: servings / base, fit: null, nothingToFit: choice.fit, error: choice.error };
}

/** The scaling in force: the server's reading of the address first, then the cook's clicks. */
export function useScaling(initial: ScalingChoice, base: number, pantryFit: PantryFit | null) {
  // Read once: a revalidation after another control reads the address Remix last navigated to, not this one.
  const [choice, setChoice] = useState(initial);
  const choose = (next: ScalingChoice, event?: { preventDefault(): void }) => {
    event?.preventDefault();
    setChoice(next);
    const url = new URL(window.location.href);
    url.searchParams.delete("servings");
    url.searchParams.delete("fit");
    if (next.fit) url.searchParams.set("fit", "pantry");
    else if (next.servings !== null) url.searchParams.set("servings", String(next.servings));
    window.history.replaceState(window.history.state, "", url);
  };
  return { scaling: scalingOf(choice, base, pantryFit), choose };
}

const clamp = (servings: number) => Math.min(MAX_SERVINGS, Math.max(MIN_SERVINGS, servings));

export function ServingsControl({
  scaling,
  base,
  choose,
}: {
  scaling: Scaling;
  base: number;
  choose: (next: ScalingChoice, event?: { preventDefault(): void }) => void;
}) {
  const fewer = clamp(Math.ceil(scaling.servings) - 1);
  const more = clamp(Math.floor(scaling.servings) + 1);
  const [typed, setTyped] = useState(String(Math.round(scaling.servings)));
  useEffect(() => setTyped(String(Math.round(scaling.servings))), [scaling.servings]);
  const link = (servings: number) => ({
    to: `?servings=${servings}`,
    preventScrollReset: true,
    replace: true,
    onClick: (event: MouseEvent) => choose({ servings, fit: false, error: null }, event),
  });
  return (
    <section className="menu-servings" aria-labelledby="servings-title">
      <h2 id="servings-title" className="visually-hidden">
        Scale the recipe
      </h2>
      <div className="servings-row">
        <div className="servings-stepper">
          <Link {...link(fewer)} className="icon-button servings-step" aria-label="One serving fewer">
            −
          </Link>
          <Form
            method="get"
            className="servings-form"
            preventScrollReset
            onSubmit={(event) => {
              const servings = Number(typed);
              const valid = Number.isInteger(servings) && servings >= MIN_SERVINGS && servings <= MAX_SERVINGS;
              choose(
                { servings: valid ? servings : null, fit: false, error: valid ? null : SERVINGS_INVALID_MESSAGE },
                event
              );
            }}
          >
            <label htmlFor="servings-input">Servings</label>
            <input
              id="servings-input"
              name="servings"
              type="number"
              inputMode="numeric"
              min={MIN_SERVINGS}
              max={MAX_SERVINGS}
              step={1}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <button type="submit" className="button button-secondary">
              Show
            </button>
          </Form>
          <Link {...link(more)} className="icon-button servings-step" aria-label="One serving more">
            +
          </Link>
        </div>
        <Link
          to="?fit=pantry"
          preventScrollReset
          replace
          className="button button-secondary servings-fit"
          onClick={(event) => choose({ servings: null, fit: true, error: null }, event)}
        >
          Fit to my pantry
        </Link>
      </div>
      <div role="status" className="servings-status">
        <p>
          Amounts for {servingsText(scaling.servings)}
          {scaling.factor !== 1 ? ` (the recipe is for ${base})` : ""}.
        </p>
        {scaling.fit ? (
          <p>
            {scaling.fit.belowOneServing
              ? `Your ${scaling.fit.limiting} is not enough for one serving: the amounts are for one serving.`
              : `Fitted to your pantry: this uses up your ${scaling.fit.limiting}.`}
          </p>
        ) : null}
        {scaling.nothingToFit ? (
          <p>None of your pantry amounts matches this recipe&apos;s ingredients, so there is nothing to fit to.</p>
        ) : null}
        {scaling.error ? <p className="form-error">{scaling.error}</p> : null}
      </div>
    </section>
  );
}
