/**
 * "Leftovers" after a meal: how many servings were cooked and eaten. The rest goes to the pantry as
 * "Leftover <dish>"; the meal's CO2 and food figures count the servings eaten. Said once per meal.
 */
import { Form } from "@remix-run/react";
import { useFormBusy } from "~/components/use-form-busy";

export function ServingsEaten({ servings }: { servings: { said: boolean; cooked: number; eaten: number | null } }) {
  const busy = useFormBusy({ fields: { intent: "servings" } });
  if (servings.said) {
    return (
      <section className="servings-eaten" aria-labelledby="servings-eaten-title">
        <h2 id="servings-eaten-title">Leftovers</h2>
        <p>
          {servings.eaten} of {servings.cooked} servings eaten.
        </p>
      </section>
    );
  }
  return (
    <section className="servings-eaten" aria-labelledby="servings-eaten-title">
      <h2 id="servings-eaten-title">Leftovers</h2>
      <p className="plan-hint">What you did not eat goes to your pantry as leftovers, good for 3 days in the fridge.</p>
      <Form method="post" className="plan-add" aria-busy={busy}>
        <input type="hidden" name="intent" value="servings" />
        <input type="hidden" name="back" value="page" />
        <label htmlFor="servings-cooked">Servings cooked</label>
        <input
          id="servings-cooked"
          name="servings_cooked"
          type="number"
          min={1}
          max={100}
          defaultValue={servings.cooked}
          required
        />
        <label htmlFor="servings-eaten">Servings eaten</label>
        <input
          id="servings-eaten"
          name="servings_eaten"
          type="number"
          min={0}
          max={100}
          defaultValue={servings.cooked}
          required
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Saving..." : "Save servings"}
        </button>
      </Form>
    </section>
  );
}
