/** POST /get_ingredient_image: the spec's api-base spelling of POST /api/get_ingredient_image. */
export { action } from "~/api/get_ingredient_image.server";
