import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, TextAreaField } from "~/components/forms";
import { FormMessage } from "~/components/flash";
import { RecipeImage } from "~/components/recipe-image";
import { ScreenHeader } from "~/components/screen-header";
import { sentValue, useLazyFormCheck } from "~/components/use-lazy-form-check";
import { useFormBusy } from "~/components/use-form-busy";
import { ACCEPTED_IMAGE_TYPES } from "~/domain/image-upload";
import { myRecipeEditScreen, saveMyRecipeEdit } from "~/services/my-recipes-screen.server";

export const meta: MetaFunction = () => [{ title: "Edit recipe · Recipe Helper" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return myRecipeEditScreen(request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return saveMyRecipeEdit(request, params.id);
}

const loadCheck = () => import("~/domain/my-recipe-check").then((module) => module.myRecipeErrors);

export default function EditMyRecipeScreen() {
  const { recipe, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = useFormBusy({ action: `/my-recipes/${recipe.id}` });
  const lastResult = navigation.state === "idle" ? actionData?.result : undefined;
  const { errors, formProps } = useLazyFormCheck(loadCheck, lastResult);
  const value = (name: keyof typeof values) => sentValue(lastResult, name) ?? values[name];
  const number = (name: "prepTime" | "cookingTime" | "totalTime" | "servings", label: string) => (
    <Field
      label={label}
      inputProps={{
        id: `recipe-${name}`,
        name,
        type: "number",
        inputMode: "numeric",
        min: name === "servings" ? 1 : 0,
        step: 1,
        defaultValue: value(name),
      }}
      errors={errors[name]}
    />
  );
  return (
    <main className="my-recipe-edit">
      <ScreenHeader back="/my-recipes" backLabel="Back to My recipes" title="Edit recipe" />
      <FormMessage type="error" message={errors[""]?.[0]} />
      <Form
        method="post"
        action={`/my-recipes/${recipe.id}`}
        encType="multipart/form-data"
        {...formProps}
        id="my-recipe"
        className="stack"
      >
        <Field
          label="Name"
          inputProps={{ id: "recipe-name", name: "name", type: "text", required: true, defaultValue: value("name") }}
          errors={errors.name}
        />
        <div className="my-recipe-times">
          {number("prepTime", "Prep time (minutes)")}
          {number("cookingTime", "Cooking time (minutes)")}
          {number("totalTime", "Total time (minutes)")}
          {number("servings", "Servings")}
        </div>
        <TextAreaField
          label="Ingredients"
          textareaProps={{
            id: "recipe-ingredients",
            name: "ingredients",
            rows: 12,
            defaultValue: value("ingredients"),
          }}
          hint="One a line, such as “2 cloves garlic, crushed”. A line ending with a colon (“For the sauce:”) starts a section."
          errors={errors.ingredients}
        />
        <TextAreaField
          label="Steps"
          textareaProps={{ id: "recipe-steps", name: "steps", rows: 10, defaultValue: value("steps") }}
          hint="One step a line. A line ending with a colon starts a section."
          errors={errors.steps}
        />
        <div className="my-recipe-picture">
          <RecipeImage src={recipe.image} width={120} height={120} className="my-recipes-image" alt="Current picture" />
          <div className="stack">
            <Field
              label="New picture (JPEG, PNG, WebP or GIF, up to 8 MB)"
              inputProps={{ id: "recipe-picture", name: "picture", type: "file", accept: ACCEPTED_IMAGE_TYPES }}
              errors={errors.picture}
            />
            {recipe.ownPicture ? (
              <label className="checkbox-field">
                <input type="checkbox" name="removePicture" />
                Remove the picture
              </label>
            ) : null}
          </div>
        </div>
        <p className="field-hint">{recipe.shared ? "Everyone sees this recipe." : "Only you see this recipe."}</p>
        <div className="my-recipes-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </button>
          <Link to="/my-recipes" className="button button-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </main>
  );
}
