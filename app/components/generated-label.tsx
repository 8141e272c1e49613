/** The "Generated" label of a recipe the recipe generator wrote (Menu.generated), on its card and its screen. */
import type { LinksFunction } from "@remix-run/node";
import styles from "~/styles/generated-label.css";

export const generatedLabelLinks: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export function GeneratedLabel() {
  return <span className="generated-label">Generated</span>;
}
