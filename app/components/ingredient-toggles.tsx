import { Form, useNavigation } from "@remix-run/react";

export interface IngredientToggle {
  name: string;
  /** the ingredient is on the cook's list */
  listed: boolean;
}

const labelOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * Ingredient toggles (aria-pressed buttons): each posts `intent=toggle` and the name to `action`, which adds
 * the ingredient to the cook's list or removes it. Without JavaScript the post redirects back; with it the
 * button shows the new state while the post is on its way.
 */
export function IngredientToggles({
  label,
  toggles,
  action,
}: {
  label: string;
  toggles: IngredientToggle[];
  action: string;
}) {
  const navigation = useNavigation();
  const pendingName =
    navigation.formAction === action && navigation.formData?.get("intent") === "toggle"
      ? navigation.formData.get("name")
      : null;
  return (
    <ul className="toggle-list" aria-label={label}>
      {toggles.map(({ name, listed }) => (
        <li key={name}>
          <Form method="post" action={action} preventScrollReset replace>
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="name" value={name} />
            <button type="submit" className="toggle-chip" aria-pressed={pendingName === name ? !listed : listed}>
              {labelOf(name)}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
