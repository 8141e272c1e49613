/**
 * /cook/{id}: cook mode. One step at a time in large type, the ingredients it uses with their amounts, a timer for
 * each time it names, Previous / Next as links, and "Finish cooking" on the last step.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useCookTimers, useWakeLock } from "~/components/cook-timers";
import { Flash } from "~/components/flash";
import { useHydrated } from "~/components/use-hydrated";
import { useFormBusy } from "~/components/use-form-busy";
import { servingsText } from "~/domain/servings";
import { changeCook, cookScreen } from "~/services/cook-screen.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Cooking ${data.recipe.name} · Recipe Helper` : "Cook mode · Recipe Helper" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return cookScreen(request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return changeCook(request, params.id);
}

export default function CookScreen() {
  const { recipe, step, count, servings, recipePath, previous, next } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const { timers, start, stop } = useCookTimers(recipe.id);
  const awake = useWakeLock();
  const finishing = useFormBusy({ fields: { intent: "finish" } });
  return (
    <main className="cook-mode">
      <header className="cook-header">
        <Link to={recipePath} className="button button-secondary">
          Close cook mode
        </Link>
        <p className="cook-recipe">
          {recipe.name}
          {servings ? ` · ${servingsText(servings)}` : ""}
        </p>
      </header>
      <Flash />
      {count === 0 ? (
        <p className="cook-step-text">This recipe has no steps.</p>
      ) : (
        <article className="cook-step" aria-labelledby="cook-step-title">
          <h1 id="cook-step-title" className="cook-step-number">
            Step {step.number} of {count}
          </h1>
          {step.section ? <p className="recipe-section-heading">{step.section}</p> : null}
          <p className="cook-step-text">{step.text}</p>
          {step.ingredients.length > 0 ? (
            <section aria-labelledby="cook-ingredients-title">
              <h2 id="cook-ingredients-title">You need</h2>
              <ul className="cook-ingredients">
                {step.ingredients.map((line) => (
                  <li key={line.name}>
                    <span className="cook-ingredient-quantity">{line.quantity}</span> {line.name}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {step.timers.length > 0 ? (
            <section aria-labelledby="cook-times-title">
              <h2 id="cook-times-title">Timers</h2>
              {hydrated ? (
                <ul className="cook-timer-buttons">
                  {step.timers.map((duration) => (
                    <li key={duration.text}>
                      <button
                        type="button"
                        className="button button-primary"
                        onClick={() => start(step.number, duration)}
                      >
                        Start {duration.label} timer
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>
                  This step takes {step.timers.map((duration) => duration.label).join(", then ")}. The timers count down
                  when JavaScript is on.
                </p>
              )}
            </section>
          ) : null}
        </article>
      )}
      {timers.length > 0 ? (
        <section className="cook-timers" aria-labelledby="cook-running-title">
          <h2 id="cook-running-title">Running timers</h2>
          <ul>
            {timers.map((timer) => (
              <li key={timer.id} className={timer.rung ? "cook-timer cook-timer-rung" : "cook-timer"}>
                <span className="cook-timer-name">{timer.name}</span>
                <span className="cook-timer-left" role={timer.rung ? "alert" : undefined}>
                  {timer.rung ? "Time's up!" : <span aria-label={`${timer.left} left`}>{timer.left}</span>}
                </span>
                <button type="button" className="button button-secondary" onClick={() => stop(timer.id)}>
                  {timer.rung ? "Stop" : "Cancel"}
                  <span className="visually-hidden"> {timer.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <nav className="cook-nav" aria-label="Steps">
        {previous ? (
          <Link to={previous} replace className="button button-secondary" preventScrollReset>
            Previous
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={next} replace className="button button-primary" preventScrollReset>
            Next
          </Link>
        ) : count > 0 ? (
          <Form method="post" replace>
            <input type="hidden" name="intent" value="finish" />
            <button type="submit" className="button button-primary" disabled={finishing}>
              {finishing ? "Finishing..." : "Finish cooking"}
            </button>
          </Form>
        ) : null}
      </nav>
      {awake ? <p className="cook-awake">The screen stays on while cook mode is open.</p> : null}
    </main>
  );
}
