import { useFetchers, useNavigation } from "@remix-run/react";

type Sending = { state: string; formMethod?: string; formAction?: string; formData?: FormData };

/** What a form is known by: the values it sends (its intent, the item's id), the path it goes to, its method. */
export type SentForm = { fields?: Readonly<Record<string, string>>; action?: string; method?: "GET" | "POST" };

/**
 * Whether such a form is on its way, as a page navigation or a fetcher: from the moment it is sent until the
 * screen shows its answer (the action's redirect loaded, the data read again). A button turned off while this
 * holds cannot send the form twice, which "submitting" alone allowed while the redirect loaded.
 */
export function useFormBusy({ fields = {}, action, method }: SentForm): boolean {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const sends = ({ state, formMethod, formAction, formData }: Sending) =>
    state !== "idle" &&
    formData !== undefined &&
    (method === undefined || formMethod?.toUpperCase() === method) &&
    (action === undefined || formAction?.split("?")[0] === action) &&
    Object.entries(fields).every(([name, value]) => formData.get(name) === value);
  return sends(navigation) || fetchers.some(sends);
}
