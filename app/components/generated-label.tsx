/** The "Generated" label of a recipe the recipe generator wrote (Menu.generated), on its card and its screen. */

export function GeneratedLabel() {
  return <span className="generated-label">Generated</span>;
}
