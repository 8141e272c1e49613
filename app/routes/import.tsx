import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect } from "react";
import { Field, TextAreaField } from "~/components/forms";
import { FormMessage } from "~/components/flash";
import { ScreenHeader } from "~/components/screen-header";
import { sentValue, useLazyFormCheck } from "~/components/use-lazy-form-check";
import { useFormBusy } from "~/components/use-form-busy";
import { IMPORT_FILE_TOO_LARGE } from "~/domain/import-form";
import { IMPORTABLE_EXTENSIONS } from "~/domain/recipe-import";
import { BODY_TOO_LARGE, BodyRefusedError, readBoundedForm } from "~/services/body.server";
import { parseImportForm, refusedImport } from "~/services/import-form.server";
import { readForm } from "~/services/request.server";
import {
  importFile,
  importText,
  importUrl,
  MAX_UPLOAD_BYTES,
  type ImportSummary,
} from "~/services/recipe-import.server";
import { requireUserId } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Import recipes · Recipe Helper" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserId(request);
  return { maxFileBytes: MAX_UPLOAD_BYTES };
}

/** The posted form, or why it is refused: a file over 15 MB, or a body the bounded reader refuses. */
async function readUploadForm(request: Request): Promise<FormData | { status: 400 | 413; message: string }> {
  try {
    return await readBoundedForm(request, {
      maxBytes: MAX_UPLOAD_BYTES + 64 * 1024,
      maxFileBytes: MAX_UPLOAD_BYTES,
    });
  } catch (error) {
    if (!(error instanceof BodyRefusedError)) throw error;
    return { status: error.status, message: error.message === BODY_TOO_LARGE ? IMPORT_FILE_TOO_LARGE : error.message };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const userId = await requireUserId(request);
  const isMultipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  const formData = isMultipart ? await readUploadForm(request) : await readForm(request);
  if (!(formData instanceof FormData)) {
    return data({ result: refusedImport(formData.message), summary: null }, { status: formData.status });
  }
  const submission = parseImportForm(formData);
  if (submission.status !== "success") return data({ result: submission.reply(), summary: null }, { status: 400 });

  const { url, file, text, shared } = submission.value;
  const options = { userId, shared: shared === "on" };
  const summary: ImportSummary = url
    ? await importUrl(url, options)
    : file
    ? await importFile(file.name, new Uint8Array(await file.arrayBuffer()), options)
    : await importText(text!, options);
  return data({ result: submission.reply({ resetForm: true }), summary });
}

function SummaryList({ title, items }: { title: string; items: { key: string; text: string; recipeId?: number }[] }) {
  return (
    <section className="import-summary-group">
      <h3>
        {title}: {items.length}
      </h3>
      {items.length > 0 ? (
        <ul>
          {items.map(({ key, text, recipeId }) => (
            <li key={key}>{recipeId ? <Link to={`/menu-detail/${recipeId}`}>{text}</Link> : text}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Summary({ summary }: { summary: ImportSummary }) {
  const saved = (list: ImportSummary["imported"]) =>
    list.map(({ item, id, name }) => ({ key: item, text: name, recipeId: id }));
  return (
    <section className="import-summary" aria-live="polite">
      <h2>Import summary</h2>
      <SummaryList title="Imported" items={saved(summary.imported)} />
      <SummaryList title="Updated" items={saved(summary.updated)} />
      {summary.duplicates.length > 0 ? (
        <SummaryList
          title="Already in your recipes, not imported again"
          items={summary.duplicates.map(({ item, name }) => ({ key: item, text: `${name} (${item})` }))}
        />
      ) : null}
      <SummaryList
        title="Failed"
        items={summary.failed.map(({ item, reason }) => ({ key: item, text: `${item}: ${reason}` }))}
      />
      <p>
        <Link to="/my-recipes">See all my recipes</Link>
      </p>
    </section>
  );
}

export default function ImportScreen() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const importing = useFormBusy({ action: "/import" });

  const { maxFileBytes } = useLoaderData<typeof loader>();
  const lastResult = navigation.state === "idle" ? actionData?.result : undefined;
  const loadCheck = useCallback(
    () => import("~/domain/import-check").then((module) => module.importErrorsWithin(maxFileBytes)),
    [maxFileBytes]
  );
  const { errors, formProps, reset } = useLazyFormCheck(loadCheck, lastResult);
  // Emptied once an import is done (without JavaScript the page comes back empty anyway).
  const summary = navigation.state === "idle" ? actionData?.summary : undefined;
  useEffect(() => {
    if (summary) reset();
  }, [summary, reset]);

  return (
    <main className="import-screen">
      <ScreenHeader back="/account" backLabel="Back to Account" title="Import recipes" />
      <p className="auth-lead">
        Paste the address of a recipe page, or upload a file of up to 15 MB: a saved recipe page (.html), recipe data
        (.json), a markdown recipe (.md), or an export of another recipe app — Mealie, Tandoor, Paprika, Nextcloud
        Cookbook, Copy Me That, Plan to Eat, My Recipe Box, Chowdown or Cooklang (a .zip or the app’s own file).
      </p>
      <FormMessage type="error" message={errors[""]?.[0]} />
      <Form method="post" action="/import" encType="multipart/form-data" {...formProps} id="import" className="stack">
        <Field
          label="Recipe URL"
          inputProps={{
            id: "import-url",
            name: "url",
            type: "url",
            defaultValue: sentValue(lastResult, "url"),
            placeholder: "https://",
            autoComplete: "url",
          }}
          errors={errors.url}
        />
        <Field
          label="Recipe file"
          inputProps={{ id: "import-file", name: "file", type: "file", accept: IMPORTABLE_EXTENSIONS.join(",") }}
          errors={errors.file}
        />
        <TextAreaField
          label="Or paste a recipe"
          textareaProps={{ id: "import-text", name: "text", rows: 8, defaultValue: sentValue(lastResult, "text") }}
          hint="The title on the first line, then the ingredients one a line, then the steps."
          errors={errors.text}
        />
        <label className="checkbox-field">
          <input type="checkbox" name="shared" defaultChecked={sentValue(lastResult, "shared") === "on"} />
          Share with everyone (otherwise only you see the imported recipes)
        </label>
        <button type="submit" className="button button-primary" disabled={importing}>
          {importing ? "Importing..." : "IMPORT"}
        </button>
        {importing ? <progress className="import-progress" aria-label="Importing" /> : null}
      </Form>
      {actionData?.summary && !importing ? <Summary summary={actionData.summary} /> : null}
    </main>
  );
}
