/**
 * A list of recipes as cards (picture, name, "Generated" for the recipe generator's, prep and cooking time), each
 * opening the recipe: Liked Meals, History, Menu suggestions.
 */
import type { ReactNode } from "react";
import { GeneratedLabel } from "~/components/generated-label";
import { RecipeImage } from "~/components/recipe-image";
import { useLinkNavigation } from "~/components/use-link-navigation";
import { formatMinutes } from "~/domain/menu-format";

export interface RecipeListItem {
  key: string | number;
  menu_id: number;
  menu_name: string;
  image: string | null;
  /** a shared photo's narrower copies, and the cook who shared it */
  image_srcset?: string;
  image_credit?: string;
  prep_time: number | null;
  cooking_time: number | null;
  generated?: boolean;
  /** an extra line under the times, e.g. when it was opened */
  note?: ReactNode;
}

/** `planIt`: each card also offers "Plan it", which opens the plan with the recipe ready to add. */
export function RecipeList({ label, items, planIt }: { label: string; items: RecipeListItem[]; planIt?: boolean }) {
  // plain links followed by one handler: a <Link> per card cost more than the rest of the card (decision 167)
  const follow = useLinkNavigation();
  return (
    <ul className="recipe-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <a href={`/menu-detail/${item.menu_id}`} className="recipe-list-card" data-discover="true" onClick={follow}>
            <RecipeImage
              src={item.image}
              srcSet={item.image_srcset}
              // the width the browser picks a copy for: with copies to pick from only
              sizes={item.image_srcset ? "88px" : undefined}
              width={88}
              height={88}
              loading="lazy"
              className="recipe-list-image"
            />
            <span className="recipe-list-body">
              <span className="recipe-list-name">{item.menu_name}</span>
              {item.generated ? <GeneratedLabel /> : null}
              <span className="recipe-list-times">
                {`Prep time ${formatMinutes(item.prep_time)} · Cooking time ${formatMinutes(item.cooking_time)}`}
              </span>
              {item.note ? <span className="recipe-list-note">{item.note}</span> : null}
              {item.image_credit ? <span className="recipe-list-credit">Photo by {item.image_credit}</span> : null}
            </span>
          </a>
          {planIt ? (
            <a
              href={`/plan?add=${item.menu_id}`}
              className="recipe-list-plan"
              aria-label={`Plan it: ${item.menu_name}`}
              data-discover="true"
              onClick={follow}
            >
              Plan it
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
