/** The My recipes edit form's check, fetched by the browser once the form is up (decision 067). */
import { errorsWith } from "./form-check";
import { MyRecipeSchema } from "./my-recipe-schema";

export const myRecipeErrors = errorsWith(MyRecipeSchema);
