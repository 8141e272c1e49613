import { Link } from "@remix-run/react";
import { describeDaysLeft } from "~/domain/shelf-life";

export interface UseSoonItem {
  name: string;
  daysLeft: number;
}

/** The suggestions that must use these items: one `use` parameter per name (names may hold commas). */
export const cookWithPath = (items: readonly UseSoonItem[]) =>
  `/menu-suggestion?${new URLSearchParams(items.map((item) => ["use", item.name]))}`;

/** Home's "Use soon": what spoils within 3 days, soonest first, expired shown as such, and "Cook with these". */
export function UseSoon({ items }: { items: readonly UseSoonItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="home-section use-soon" aria-labelledby="use-soon-title">
      <h2 id="use-soon-title">Use soon</h2>
      <ul className="use-soon-list" aria-label="Use soon">
        {items.map((item) => (
          <li key={item.name} className={item.daysLeft < 0 ? "use-soon-item use-soon-expired" : "use-soon-item"}>
            <span className="use-soon-name">{item.name}</span>
            <span className="use-soon-days">{describeDaysLeft(item.daysLeft)}</span>
          </li>
        ))}
      </ul>
      <Link to={cookWithPath(items)} className="button button-primary use-soon-cook">
        Cook with these
      </Link>
    </section>
  );
}
