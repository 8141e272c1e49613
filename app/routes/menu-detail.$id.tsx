import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Fragment } from "react";
import { Form, Link, useFetcher, useFetchers, useLoaderData, useNavigate } from "@remix-run/react";
import { Flash } from "~/components/flash";
import { useHydrated } from "~/components/use-hydrated";
import { GeneratedLabel } from "~/components/generated-label";
import { BackIcon } from "~/components/icon-frame";
import { HeartIcon } from "~/components/icons";
import { IntentForm, stayOnScreen, usePendingIntents } from "~/components/intent-form";
import { ModalDialog } from "~/components/modal-dialog";
import { cookedPath, PantryUpdate } from "~/components/pantry-update";
import { PlanIt } from "~/components/plan-it";
import { RecipeImage } from "~/components/recipe-image";
import { ServingsControl, useScaling, type Scaling } from "~/components/recipe-servings";
import { ReviewsSection } from "~/components/reviews-section";
import { ShareDish } from "~/components/share-dish";
import { useFormBusy } from "~/components/use-form-busy";
import type { GridLine } from "~/domain/menu-detail";
import { sectionRuns } from "~/domain/section-runs";
import { scaleQuantity } from "~/domain/servings";
import { changeRecipe, recipeScreen, type MenuDetail, type PhotoChoice } from "~/services/recipe-screen.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.menu.menu_name} · Recipe Helper` : "Recipe · Recipe Helper" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return recipeScreen(request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return changeRecipe(request, params.id);
}

export const clientAction = stayOnScreen;

export default function MenuDetailScreen() {
  const detail = useLoaderData<typeof loader>();
  const { menu } = detail;
  const base = detail.servings ?? 1;
  const { scaling, choose } = useScaling(detail.scaling, base, detail.pantryFit);
  return (
    <main className="menu-detail">
      <Flash />
      <header className="menu-detail-header">
        <BackButton />
        <FavoriteButton recipeId={menu.menu_id} favorite={detail.favorite} />
      </header>
      <figure className="menu-detail-picture">
        <RecipeImage
          priority
          className="menu-detail-image"
          src={detail.sharedPhoto?.image ?? menu.image}
          srcSet={detail.sharedPhoto?.image_srcset ?? detail.ownImageSrcSet ?? undefined}
          sizes="(min-width: 720px) 640px, calc(100vw - 2rem)"
          alt={detail.sharedPhoto ? `${menu.menu_name}, made by ${detail.sharedPhoto.image_credit}` : ""}
          width={480}
          height={320}
        />
        {detail.sharedPhoto ? <figcaption>Photo by {detail.sharedPhoto.image_credit}</figcaption> : null}
      </figure>
      {detail.photoChoices?.length ? <PhotoChoiceForm choices={detail.photoChoices} /> : null}
      <h1 className="menu-detail-title">{menu.menu_name}</h1>
      {menu.generated ? (
        <p className="menu-detail-origin">
          <GeneratedLabel />
        </p>
      ) : null}
      <PlanIt recipeId={menu.menu_id} recipeName={menu.menu_name} today={new Date().toISOString().slice(0, 10)} />
      <dl className="menu-times">
        <div>
          <dt>Prep time</dt>
          <dd>{detail.times.prep}</dd>
        </div>
        <div>
          <dt>Cooking time</dt>
          <dd>{detail.times.cooking}</dd>
        </div>
        {detail.times.total ? (
          <div>
            <dt>Total time</dt>
            <dd>{detail.times.total}</dd>
          </div>
        ) : null}
      </dl>
      <ServingsControl scaling={scaling} base={base} choose={choose} />
      <IngredientsBlock
        factor={scaling.factor}
        ingredients={detail.grids.ingredients}
        seasonings={detail.grids.seasonings}
        selected={detail.selectedIngredients}
      />
      <StepsChecklist
        cookMode={cookModePath(menu.menu_id, scaling)}
        steps={menu.steps}
        sections={detail.stepSections}
        checked={detail.checkedSteps}
        counted={detail.counted}
      />
      {detail.pantryUpdate ? (
        <PantryUpdateSection view={detail.pantryUpdate} servings={scaling.servings} factor={scaling.factor} />
      ) : null}
      {menu.tips.length > 0 ? (
        <section className="menu-section" aria-labelledby="tips-title">
          <h2 id="tips-title">Tips</h2>
          <ul className="menu-tips">
            {menu.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="menu-section" aria-labelledby="nutrition-title">
        <h2 id="nutrition-title">Nutrition (per serving)</h2>
        <dl className="nutrition-grid">
          {detail.nutrition.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <ShareDish recipeId={menu.menu_id} sharedDishImage={detail.sharedDishImage} />
      <ReviewsSection block={detail.reviews} />
      <AllergyWarning lines={detail.allergyWarnings} />
    </main>
  );
}

/** For the recipe's cook: which shared photo shows the recipe everywhere, or the most-liked one. */
function PhotoChoiceForm({ choices }: { choices: PhotoChoice[] }) {
  const saving = useFormBusy({ fields: { intent: "choose-photo" } });
  const chosen = choices.find((choice) => choice.chosen)?.postId;
  return (
    <details className="photo-choice">
      <summary>Choose the photo for your recipe</summary>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="choose-photo" />
        <fieldset>
          <legend>Photo shown with this recipe</legend>
          <label className="photo-choice-option">
            <input type="radio" name="post" value="" defaultChecked={chosen === undefined} />
            <span>The most-liked photo</span>
          </label>
          {choices.map((choice) => (
            <label key={choice.postId} className="photo-choice-option">
              <input type="radio" name="post" value={choice.postId} defaultChecked={choice.postId === chosen} />
              <img src={choice.image} alt="" width={96} height={72} loading="lazy" />
              <span>
                Shared by {choice.credit} · {choice.likes} {choice.likes === 1 ? "like" : "likes"}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? "Saving..." : "Use this photo"}
        </button>
      </Form>
    </details>
  );
}

/** With JavaScript, back to the screen the cook came from; otherwise (or when there is none) Home. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <Link
      to="/home"
      className="icon-button"
      aria-label="Back"
      onClick={(event) => {
        if ((window.history.state as { idx?: number } | null)?.idx) {
          event.preventDefault();
          navigate(-1);
        }
      }}
    >
      <BackIcon />
    </Link>
  );
}

function FavoriteButton({ recipeId, favorite }: { recipeId: number; favorite: boolean }) {
  const pending = usePendingIntents("favorite").at(-1);
  const on = pending ? pending.favorite === "true" : favorite;
  return (
    <IntentForm fetcherKey={`favorite-${recipeId}`} fields={{ intent: "favorite", favorite: String(!on) }}>
      <button type="submit" className="icon-button favorite-button" aria-pressed={on} aria-label="Favourite">
        <HeartIcon />
      </button>
    </IntentForm>
  );
}

/** The picked ingredients, with the picks still on their way to the server already applied. */
function useSelectedIngredients(saved: string[], order: string[]): string[] {
  const chosen = new Set(saved);
  for (const pick of usePendingIntents("select-ingredient")) {
    if (pick.selected === "true") chosen.add(pick.ingredient);
    else chosen.delete(pick.ingredient);
  }
  return order.filter((name) => chosen.has(name));
}

function IngredientsBlock({
  factor,
  ingredients,
  seasonings,
  selected,
}: {
  factor: number;
  ingredients: GridLine[];
  seasonings: GridLine[];
  selected: string[];
}) {
  const picked = useSelectedIngredients(
    selected,
    [...ingredients, ...seasonings].map((line) => line.name)
  );
  // Adding waits for the screen's other changes to settle, so the picks sent are the ones the server has
  // and no reload of this screen is still running when the shopping list opens (it would take its message).
  const settling = useFetchers().some((fetcher) => fetcher.state !== "idle");
  const grid = (title: string, id: string, lines: GridLine[]) => (
    <section className="menu-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {lines.length === 0 ? (
        <p className="menu-empty">None</p>
      ) : (
        sectionRuns(lines, (line) => line.section).map((run) => (
          <Fragment key={run.items[0].index}>
            {run.heading ? <h3 className="recipe-section-heading">{run.heading}</h3> : null}
            <ul className="ingredient-grid">
              {run.items.map(({ item: line }) => (
                <li key={line.name}>
                  <IngredientTile line={line} factor={factor} selected={picked.includes(line.name)} />
                </li>
              ))}
            </ul>
          </Fragment>
        ))
      )}
    </section>
  );
  return (
    <div id="ingredients" className="menu-ingredients">
      {grid("Ingredients", "ingredients-title", ingredients)}
      {grid("Seasoning/Dressing", "seasonings-title", seasonings)}
      <section className="missing-ingredients" aria-labelledby="missing-title">
        <h2 id="missing-title">Missing some ingredients?</h2>
        <p className="menu-hint">Tap the ingredients you don&apos;t have, then add them to your shopping list.</p>
        <Form method="post">
          <input type="hidden" name="intent" value="add-to-list" />
          <input type="hidden" name="scale" value={String(factor)} />
          {picked.map((name) => (
            <input key={name} type="hidden" name="ingredient" value={name} />
          ))}
          <button type="submit" className="button button-primary" disabled={picked.length === 0 || settling}>
            Add to list
          </button>
        </Form>
      </section>
    </div>
  );
}

function IngredientTile({ line, factor, selected }: { line: GridLine; factor: number; selected: boolean }) {
  const scaled = scaleQuantity(line.quantity, factor);
  return (
    <IntentForm
      fetcherKey={`ingredient-${line.name}`}
      fields={{ intent: "select-ingredient", ingredient: line.name, selected: String(!selected) }}
    >
      <button type="submit" className="ingredient-tile" aria-pressed={selected}>
        <span className="ingredient-name">{line.name}</span>
        {line.quantity ? <span className="ingredient-quantity">{scaled.text}</span> : null}
        {scaled.rounded ? <span className="ingredient-rounded">rounded from {scaled.exact}</span> : null}
        {line.have ? <span className="ingredient-have">You have this</span> : null}
      </button>
    </IntentForm>
  );
}

/** The ticked steps, with the ticks still on their way to the server already applied. */
function useCheckedSteps(saved: number[]): Set<number> {
  const checked = new Set(saved);
  for (const tick of usePendingIntents("check-step")) {
    if (tick.checked === "true") checked.add(Number(tick.step));
    else checked.delete(Number(tick.step));
  }
  return checked;
}

/** Cook mode in the servings chosen here: the fit, or a number of servings other than the recipe's. */
function cookModePath(recipeId: number, scaling: Scaling): string {
  if (scaling.fit) return `/cook/${recipeId}?fit=pantry`;
  return scaling.factor === 1 ? `/cook/${recipeId}` : `/cook/${recipeId}?servings=${scaling.servings}`;
}

function StepsChecklist({
  cookMode,
  steps,
  sections,
  checked,
  counted,
}: {
  cookMode: string;
  steps: string[];
  sections: (string | null)[];
  checked: number[];
  counted: MenuDetail["counted"];
}) {
  const ticked = useCheckedSteps(checked);
  return (
    <section className="menu-section menu-steps" aria-labelledby="steps-title">
      <h2 id="steps-title">Instructions</h2>
      {steps.length > 0 ? (
        <p className="cook-mode-link">
          <Link to={cookMode} className="button button-secondary">
            Start cook mode
          </Link>
        </p>
      ) : null}
      {sectionRuns(steps, (_, index) => sections[index] ?? null).map((run) => (
        <Fragment key={run.items[0].index}>
          {run.heading ? <h3 className="recipe-section-heading">{run.heading}</h3> : null}
          <ol className="step-list" start={run.items[0].index + 1}>
            {run.items.map(({ item: text, index }) => {
              const done = ticked.has(index);
              return (
                <li key={index} id={`step-${index + 1}`}>
                  <IntentForm
                    fetcherKey={`step-${index}`}
                    fields={{ intent: "check-step", step: String(index), checked: String(!done) }}
                  >
                    <button type="submit" role="checkbox" aria-checked={done} className="step-item">
                      <span className="step-box" aria-hidden="true" />
                      <span className="step-number">{`Step ${index + 1}`}</span>
                      <span className="step-text">{text}</span>
                    </button>
                  </IntentForm>
                </li>
              );
            })}
          </ol>
        </Fragment>
      ))}
      <div role="status" className="cooking-status" id="cooking-status">
        {counted ? (
          <p className="cooking-done">
            Well done! This meal counts towards your dishes this month.
            {counted.co2Saved ? ` ${counted.co2Saved}` : ""}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** With JavaScript the form is here; without it, a link to the same form on its own page. */
function PantryUpdateSection({
  view,
  servings,
  factor,
}: {
  view: NonNullable<MenuDetail["pantryUpdate"]>;
  servings: number;
  factor: number;
}) {
  const hydrated = useHydrated();
  return (
    <section className="menu-section pantry-update" id="pantry-update" aria-labelledby="pantry-update-title">
      <h2 id="pantry-update-title">Update your pantry</h2>
      {hydrated || view.updated ? (
        <PantryUpdate view={view} back="recipe" factor={factor} />
      ) : (
        <p>
          <Link to={cookedPath(view.completionId, factor === 1 ? null : servings)} className="button button-primary">
            Update your pantry
          </Link>
        </p>
      )}
    </section>
  );
}

const ACKNOWLEDGE = { intent: "acknowledge-allergies" };

function AllergyWarning({ lines }: { lines: string[] }) {
  const fetcher = useFetcher({ key: ACKNOWLEDGE.intent });
  const acknowledged = usePendingIntents(ACKNOWLEDGE.intent).length > 0;
  if (lines.length === 0 || acknowledged) return null;
  return (
    <ModalDialog
      titleId="allergy-title"
      descriptionId="allergy-description"
      role="alertdialog"
      onClose={() => fetcher.submit(ACKNOWLEDGE, { method: "post" })}
    >
      <h2 id="allergy-title">Allergy warning</h2>
      <p id="allergy-description">This recipe contains ingredients that match your allergies:</p>
      <ul className="allergy-list">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <IntentForm fetcherKey={ACKNOWLEDGE.intent} fields={ACKNOWLEDGE} className="modal-dialog-actions">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog focuses its action */}
        <button type="submit" className="button button-primary" autoFocus>
          I Understand
        </button>
      </IntentForm>
    </ModalDialog>
  );
}
