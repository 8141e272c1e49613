/**
 * Recognition by any OpenAI-compatible vision chat endpoint (OpenAI, Ollama, LM Studio...): the photo goes
 * to POST {base}/chat/completions through the shared chat-completions client, the model is asked for a JSON
 * list of ingredients, and only names the catalogue knows are kept. It cannot learn from corrections (no
 * capture is kept).
 */
import type { Sharp } from "sharp";
import { loadCatalogue } from "~/services/catalogue.server";
import { chatAnswer, jsonInAnswer, type ChatEndpoint, type ChatMessage } from "~/services/chat-completions.server";
import { UNREADABLE, UploadRejectedError } from "~/services/images.server";
import { VisionUnavailableError, type FoundIngredient, type VisionProvider } from "./provider.server";

export type OpenAiVisionConfig = Omit<ChatEndpoint, "timeoutMs"> & Partial<Pick<ChatEndpoint, "timeoutMs">>;

const DEFAULT_TIMEOUT_MS = 60_000;
/** Sent at most this large: enough to tell foods apart, small enough for local models. */
const PHOTO_SIDE = 1024;
const MAX_ANSWERS = 20;

export const VISION_PROMPT =
  "You identify food ingredients in photos for a cooking app. Reply with JSON only, in the form " +
  '{"ingredients": ["tomato", "red onion"]}: plain lowercase singular English names of the foods you can see, ' +
  'as a shopper would call them. Reply {"ingredients": []} when the photo shows no food.';

const NOT_ANSWERING = "The ingredient recognition service is not answering. Please try again later.";

async function photoDataUrl(image: Sharp): Promise<string> {
  try {
    const jpeg = await image
      .rotate()
      .resize(PHOTO_SIDE, PHOTO_SIDE, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  } catch {
    throw new UploadRejectedError(UNREADABLE);
  }
}

/** The names in a reply: `{ingredients: [...]}` or a bare list, of names or of objects with a name. */
function namesInAnswer(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = jsonInAnswer(text);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { ingredients?: unknown } | null)?.ingredients;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    if (typeof entry === "string") return [entry];
    const named = entry as { name?: unknown; ingredient_name?: unknown } | null;
    const name = named?.name ?? named?.ingredient_name;
    return typeof name === "string" ? [name] : [];
  });
}

export function createOpenAiProvider(config: OpenAiVisionConfig): VisionProvider {
  const endpoint = { ...config, timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  return {
    async recognize(image: Sharp) {
      const messages: ChatMessage[] = [
        { role: "system", content: VISION_PROMPT },
        {
          role: "user",
          content: [
            { type: "text", text: "Which ingredients are in this photo?" },
            { type: "image_url", image_url: { url: await photoDataUrl(image) } },
          ],
        },
      ];
      let answer: string;
      try {
        answer = await chatAnswer(endpoint, messages, { temperature: 0 });
      } catch (error) {
        console.error("Vision endpoint failed:", error);
        throw new VisionUnavailableError(NOT_ANSWERING, { cause: error });
      }

      const catalogue = await loadCatalogue();
      const found = new Map<string, FoundIngredient>();
      for (const name of namesInAnswer(answer)) {
        const ingredient = catalogue.match(name);
        if (ingredient && !found.has(ingredient.name))
          found.set(ingredient.name, { name: ingredient.name, type: ingredient.type });
      }
      const ingredients = [...found.values()].slice(0, MAX_ANSWERS).map((item) => ({ ...item, alternatives: [] }));
      return { ingredients, captureId: null };
    },
  };
}
