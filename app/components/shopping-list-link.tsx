import { Link, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { CountBadge, itemCount } from "~/components/count-badge";
import { CartIcon } from "~/components/icons";
import { isInAppClick } from "~/components/use-link-navigation";

/** Home's shopping-list icon opens the list after a 150 ms transition. */
export const SHOPPING_LIST_TRANSITION_MS = 150;

/**
 * Home's shopping-list icon with the count badge. With JavaScript a plain click presses the icon in
 * (.shopping-list-link-leaving) and opens the list once the transition is over; otherwise it is a plain link.
 */
export function ShoppingListLink({ count }: { count: number }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  return (
    <Link
      to="/shoppinglist"
      className={
        leaving ? "icon-button shopping-list-link shopping-list-link-leaving" : "icon-button shopping-list-link"
      }
      aria-label={`Shopping list, ${itemCount(count)}`}
      onClick={(event) => {
        if (leaving || !isInAppClick(event)) return;
        event.preventDefault();
        setLeaving(true);
        setTimeout(() => navigate("/shoppinglist"), SHOPPING_LIST_TRANSITION_MS);
      }}
    >
      <CartIcon />
      <CountBadge count={count} />
    </Link>
  );
}
