/** "1 item", "3 items": the count an icon link's name says (its badge is hidden from screen readers). */
export const itemCount = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;

/** The count over an icon (styles: .badge in app.css); nothing at zero. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="badge" aria-hidden="true">
      {count}
    </span>
  );
}
