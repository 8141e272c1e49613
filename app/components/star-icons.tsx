/**
 * The rating stars, written as markup: the recipe screen draws about twenty (its summary, the latest review, the
 * breakdown and the rating form), each about 20 µs of the server's time as elements of its own (decision 167).
 */
import { iconMarkup } from "~/components/icon-frame";

export const STAR_SHAPES =
  '<path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"></path>';

export const EMPTY_STAR = iconMarkup(STAR_SHAPES, "star");
export const FILLED_STAR = iconMarkup(STAR_SHAPES, "star star-filled");

/** Five stars, the first `stars` of them filled. */
export const starsMarkup = (stars: number) =>
  [1, 2, 3, 4, 5].map((position) => (position <= stars ? FILLED_STAR : EMPTY_STAR)).join("");
