import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { ChipGroup } from "~/components/chip-group";
import { FormMessage } from "~/components/flash";
import { FindingRecipesOverlay } from "~/components/pending-overlay";
import { ScreenHeader } from "~/components/screen-header";
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "~/domain/constants";
import { dietClashMessage } from "~/domain/diet-clashes";
import { getCook } from "~/services/cook.server";
import { dietClashes } from "~/services/diet-clashes.server";
import { parsePreferences, readPreferences, savePreferences } from "~/services/preferences.server";
import { invalidSubmission, readForm } from "~/services/request.server";
import { oneAtATimePerSession } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Preferences · Recipe Helper" }];
const INVALID_CHOICE = "Please choose only from the listed options.";

export async function loader({ request }: LoaderFunctionArgs) {
  const preferences = await readPreferences(await getCook(request));
  return { preferences, clashes: await dietClashes(preferences.dietaryPreferences) };
}

/** Saves the chosen chips, then shows the suggestions. */
export async function action({ request }: ActionFunctionArgs) {
  return oneAtATimePerSession(request, () => save(request));
}

async function save(request: Request) {
  const submission = parsePreferences(await readForm(request));
  if (submission.status !== "success") return invalidSubmission(submission, false, INVALID_CHOICE);
  const headers = await savePreferences(await getCook(request), submission.value);
  throw redirect("/menu-suggestion", { headers });
}

export default function PreferencesScreen() {
  const { preferences, clashes } = useLoaderData<typeof loader>();
  // the chosen diets as ticked now: the warning follows the chips with JavaScript, the saved choice without
  const [diets, setDiets] = useState<readonly string[] | null>(null);
  const clash = dietClashMessage(
    diets ?? preferences.dietaryPreferences,
    clashes.pairs,
    diets === null && clashes.noneFitsAll
  );
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const searching =
    navigation.state !== "idle" &&
    (navigation.formAction === "/preferences" || navigation.location.pathname === "/menu-suggestion");
  return (
    <main className="suggestions-screen">
      <ScreenHeader back="/ingredient-preview" backLabel="Back to ingredients" title="Preferences" />
      <p className="screen-lead">Pick what you feel like. We&apos;ll suggest recipes that use up your ingredients.</p>
      <FormMessage type="error" message={actionData ? INVALID_CHOICE : null} />
      <Form
        method="post"
        className="stack"
        onChange={(event) => {
          const form = event.currentTarget;
          setDiets(new FormData(form).getAll("dietaryPreferences").map(String));
        }}
      >
        <ChipGroup legend="Cuisines" name="cuisines" options={CUISINES} selected={preferences.cuisines} />
        <ChipGroup
          legend="Dietary preferences"
          hint="Permanent filter: recipes that don't fit are never suggested, and it stays saved for next time."
          name="dietaryPreferences"
          options={DIETARY_PREFERENCES}
          selected={preferences.dietaryPreferences}
        />
        <p role="status" aria-live="polite" className={clash ? "form-warning diet-clash" : "visually-hidden"}>
          {clash}
        </p>
        <ChipGroup
          legend="Meal occasions"
          name="mealOccasions"
          options={MEAL_OCCASIONS}
          selected={preferences.mealOccasions}
        />
        <button type="submit" className="button button-primary" disabled={searching}>
          SEARCH FOR RECIPE
        </button>
      </Form>
      {searching ? <FindingRecipesOverlay /> : null}
    </main>
  );
}
