/**
 * /plan: the week's meals (this week, or next with ?week=next), "Plan my week", "Add what the week needs" and the
 * calendar address. Every form is a plain POST answered by a redirect back here with a message; with JavaScript the
 * forms are fetchers and the screen keeps its place while Remix reloads its data.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Flash } from "~/components/flash";
import { IntentForm, stayOnScreen } from "~/components/intent-form";
import { ScreenHeader } from "~/components/screen-header";
import { entryTitle } from "~/domain/meal-plan-view";
import { PLAN_MEALS } from "~/domain/meal-planner";
import { changePlan, planScreen } from "~/services/plan-screen.server";

export const meta: MetaFunction = () => [{ title: "Meal plan · Recipe Helper" }];

export const loader = ({ request }: LoaderFunctionArgs) => planScreen(request);

export const action = ({ request }: ActionFunctionArgs) => changePlan(request);

export const clientAction = stayOnScreen;

type Screen = ReturnType<typeof useLoaderData<typeof loader>>;

/** The days "Plan my week" and "Add what the week needs" work on, and the week to come back to. */
const weekFields = (screen: Screen) => ({
  from: screen.planFrom,
  days: String(screen.planDays),
  back: screen.path,
});

export default function PlanScreen() {
  const screen = useLoaderData<typeof loader>();
  const weekTitle = screen.next ? "Next week" : "This week";
  return (
    <main className="plan">
      <ScreenHeader back="/home" backLabel="Back to Home" title="Meal plan" />
      <Flash />
      <nav className="plan-weeks" aria-label="Weeks">
        <Link to="/plan" aria-current={screen.next ? undefined : "page"} className="plan-week-link">
          This week
        </Link>
        <Link to="/plan?week=next" aria-current={screen.next ? "page" : undefined} className="plan-week-link">
          Next week
        </Link>
      </nav>
      <h2 className="visually-hidden">{weekTitle}</h2>
      <AutoPlan screen={screen} />
      <ol className="plan-days" aria-label={`${weekTitle}'s meals`}>
        {screen.days.map((day) => (
          <li key={day.day} className={day.isToday ? "plan-day plan-day-today" : "plan-day"}>
            <h3>
              {day.weekday} <span className="plan-day-date">{day.date}</span>
              {day.isToday ? <span className="plan-day-badge">Today</span> : null}
            </h3>
            {day.meals.map(({ meal, entries }) => (
              <section key={meal} className="plan-meal" aria-label={`${day.weekday} ${meal}`}>
                <h4>{meal}</h4>
                {entries.length === 0 ? <p className="plan-empty">Nothing planned</p> : null}
                <ul className="plan-entries">
                  {entries.map((entry) => (
                    <PlanEntry key={entry.id} entry={entry} screen={screen} />
                  ))}
                </ul>
              </section>
            ))}
          </li>
        ))}
      </ol>
      <AddToPlan screen={screen} />
      <WeekShopping screen={screen} />
      <CalendarFeed screen={screen} />
    </main>
  );
}

type Entry = Screen["days"][number]["meals"][number]["entries"][number];

function PlanEntry({ entry, screen }: { entry: Entry; screen: Screen }) {
  const title = entryTitle(entry);
  const entryId = String(entry.id);
  return (
    <li className="plan-entry">
      <div className="plan-entry-text">
        {entry.recipeId !== null ? (
          <Link to={`/menu-detail/${entry.recipeId}`} className="plan-entry-name">
            {title}
          </Link>
        ) : (
          <span className="plan-entry-name">{title}</span>
        )}
        <span className="plan-entry-servings">
          {entry.servingsText}
          {entry.locked ? " · Locked" : ""}
        </span>
        {entry.reason ? <span className="plan-entry-reason">Why: {entry.reason}</span> : null}
      </div>
      <div className="plan-entry-actions">
        <IntentForm
          fetcherKey={`lock-${entry.id}`}
          fields={{ intent: "lock", entry: entryId, locked: entry.locked ? "false" : "true", back: screen.path }}
          button={{
            label: entry.locked ? "Unlock" : "Lock",
            busyLabel: entry.locked ? "Unlocking..." : "Locking...",
            "aria-label": `${entry.locked ? "Unlock" : "Lock"} ${title}`,
          }}
        />
        <IntentForm
          fetcherKey={`remove-${entry.id}`}
          fields={{ intent: "remove", entry: entryId, back: screen.path }}
          button={{ label: "Remove", busyLabel: "Removing...", "aria-label": `Remove ${title}` }}
        />
        <details className="plan-move">
          <summary>Change day or meal</summary>
          <IntentForm
            fetcherKey={`move-${entry.id}`}
            fields={{ intent: "move", entry: entryId, back: screen.path }}
            button={{ label: "Move", busyLabel: "Moving...", "aria-label": `Move ${title}` }}
          >
            <DayAndMeal screen={screen} idPrefix={`move-${entry.id}`} day={entry.day} meal={entry.meal} />
          </IntentForm>
        </details>
      </div>
    </li>
  );
}

function DayAndMeal({
  screen,
  idPrefix,
  day,
  meal,
}: {
  screen: Screen;
  idPrefix: string;
  day?: string;
  meal?: string;
}) {
  return (
    <>
      <label htmlFor={`${idPrefix}-day`}>Day</label>
      <select id={`${idPrefix}-day`} name="day" defaultValue={day ?? screen.defaultDay}>
        {screen.dayChoices.map((choice) => (
          <option key={choice.day} value={choice.day}>
            {choice.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${idPrefix}-meal`}>Meal</label>
      <select id={`${idPrefix}-meal`} name="meal" defaultValue={meal ?? "Dinner"}>
        {PLAN_MEALS.map((choice) => (
          <option key={choice}>{choice}</option>
        ))}
      </select>
    </>
  );
}

function AutoPlan({ screen }: { screen: Screen }) {
  return (
    <section className="plan-panel" aria-labelledby="plan-auto-title">
      <h2 id="plan-auto-title">Plan my week</h2>
      <p className="plan-hint">
        Fills the open meals from {screen.next ? "Monday" : "today"} with recipes that use the food due soonest first.
        Locked meals stay.
      </p>
      <IntentForm
        fetcherKey="auto"
        className="plan-auto"
        fields={{ intent: "auto", ...weekFields(screen) }}
        button={{ label: "Plan my week", busyLabel: "Planning...", className: "button button-primary" }}
      >
        <fieldset className="plan-meal-choice">
          <legend>Meals to plan</legend>
          {PLAN_MEALS.map((meal) => (
            <label key={meal}>
              <input type="checkbox" name="meals" value={meal} defaultChecked={meal !== "Breakfast"} /> {meal}
            </label>
          ))}
        </fieldset>
      </IntentForm>
    </section>
  );
}

function AddToPlan({ screen }: { screen: Screen }) {
  return (
    <section className="plan-panel" aria-labelledby="plan-add-title">
      <h2 id="plan-add-title">Add to the plan</h2>
      <IntentForm
        fetcherKey="add"
        className="plan-add"
        fields={{
          intent: "add",
          back: screen.path,
          ...(screen.adding ? { menu_id: String(screen.adding.id) } : {}),
        }}
        button={{ label: "Add to plan", busyLabel: "Adding..." }}
      >
        {screen.adding ? (
          <p>{screen.adding.name}</p>
        ) : (
          <>
            <label htmlFor="plan-add-recipe">Recipe</label>
            <input id="plan-add-recipe" name="recipe" required autoComplete="off" />
          </>
        )}
        <DayAndMeal screen={screen} idPrefix="plan-add" />
        <label htmlFor="plan-add-servings">Servings</label>
        <input
          id="plan-add-servings"
          name="servings"
          type="number"
          min={1}
          max={100}
          defaultValue={screen.servings}
          inputMode="numeric"
        />
      </IntentForm>
      {screen.leftovers.length > 0 ? (
        <IntentForm
          fetcherKey="add-leftover"
          className="plan-add"
          fields={{ intent: "add-leftover", back: screen.path }}
          button={{ label: "Plan leftovers", busyLabel: "Adding..." }}
        >
          <label htmlFor="plan-leftover-item">Leftovers</label>
          <select id="plan-leftover-item" name="item">
            {screen.leftovers.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name} (good until {item.bestBefore})
              </option>
            ))}
          </select>
          <DayAndMeal screen={screen} idPrefix="plan-leftover" meal="Lunch" />
        </IntentForm>
      ) : null}
    </section>
  );
}

function WeekShopping({ screen }: { screen: Screen }) {
  return (
    <section className="plan-panel" aria-labelledby="plan-shopping-title">
      <h2 id="plan-shopping-title">Shopping</h2>
      <p className="plan-hint">
        Adds what the planned recipes from {screen.next ? "Monday" : "today"} need beyond your pantry, summed per
        ingredient.
      </p>
      <IntentForm
        fetcherKey="shopping"
        fields={{ intent: "shopping", ...weekFields(screen) }}
        button={{ label: "Add what the week needs", busyLabel: "Adding..." }}
      />
      <p>
        <Link to="/shoppinglist">Open the shopping list</Link>
      </p>
    </section>
  );
}

function CalendarFeed({ screen }: { screen: Screen }) {
  return (
    <section className="plan-panel" aria-labelledby="plan-feed-title">
      <h2 id="plan-feed-title">Calendar</h2>
      {screen.feed ? (
        <>
          <label htmlFor="plan-feed-url">Your plan&apos;s calendar address (keep it secret)</label>
          <input id="plan-feed-url" className="plan-feed-url" readOnly value={screen.feed} />
          <IntentForm
            fetcherKey="revoke-feed"
            fields={{ intent: "revoke-feed", back: screen.path }}
            button={{ label: "Stop this address", busyLabel: "Stopping..." }}
          />
        </>
      ) : (
        <IntentForm
          fetcherKey="feed"
          fields={{ intent: "feed", back: screen.path }}
          button={{ label: "Make a calendar address", busyLabel: "Making..." }}
        >
          <p className="plan-hint">Subscribe to it in your phone&apos;s calendar to see each planned meal.</p>
        </IntentForm>
      )}
    </section>
  );
}
