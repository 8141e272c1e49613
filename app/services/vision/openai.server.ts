/**
 * Recognition by any OpenAI-compatible vision chat endpoint (OpenAI, Ollama, LM Studio...): the photo goes
 * to POST {base}/chat/completions, the model is asked for a JSON list of ingredients, and only names the
 * catalogue knows are kept. It cannot learn from corrections (no capture is kept).
 */
import type { Sharp } from "sharp";
import { loadCatalogue } from "~/services/catalogue.server";
import { UNREADABLE, UploadRejectedError } from "~/services/images.server";
import { VisionUnavailableError, type FoundIngredient, type VisionProvider } from "./provider.server";

export interface OpenAiVisionConfig {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama) */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

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

/** The text of the first choice (a string, or a list of text parts in some servers). */
function answerText(body: unknown): string | null {
  const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("");
  }
  return null;
}

/** The names in a reply: JSON, possibly in a code fence or among words; `{ingredients: [...]}` or a bare list. */
function namesInAnswer(text: string): string[] {
  const unfenced = text.replace(/```(?:json)?/gi, "").trim();
  const candidates = [unfenced, unfenced.slice(unfenced.indexOf("{"), unfenced.lastIndexOf("}") + 1), unfenced.slice(unfenced.indexOf("["), unfenced.lastIndexOf("]") + 1)];
  for (const candidate of candidates) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(candidate);
    } catch {
      continue;
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { ingredients?: unknown })?.ingredients;
    if (!Array.isArray(list)) continue;
    return list.flatMap((entry) => {
      if (typeof entry === "string") return [entry];
      const named = entry as { name?: unknown; ingredient_name?: unknown } | null;
      const name = named?.name ?? named?.ingredient_name;
      return typeof name === "string" ? [name] : [];
    });
  }
  return [];
}

export function createOpenAiProvider(config: OpenAiVisionConfig): VisionProvider {
  const endpoint = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    async recognize(image: Sharp) {
      const body = {
        model: config.model,
        temperature: 0,
        messages: [
          { role: "system", content: VISION_PROMPT },
          {
            role: "user",
            content: [
              { type: "text", text: "Which ingredients are in this photo?" },
              { type: "image_url", image_url: { url: await photoDataUrl(image) } },
            ],
          },
        ],
      };
      let answer: string | null;
      try {
        const response = await fetch(endpoint, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`${endpoint} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
        answer = answerText(await response.json());
        if (answer === null) throw new Error(`${endpoint} sent no message content`);
      } catch (error) {
        console.error("Vision endpoint failed:", error);
        throw new VisionUnavailableError(NOT_ANSWERING, { cause: error });
      }

      const catalogue = await loadCatalogue();
      const found = new Map<string, FoundIngredient>();
      for (const name of namesInAnswer(answer)) {
        const ingredient = catalogue.match(name);
        if (ingredient && !found.has(ingredient.name)) found.set(ingredient.name, { name: ingredient.name, type: ingredient.type });
      }
      return { ingredients: [...found.values()].slice(0, MAX_ANSWERS), captureId: null };
    },
  };
}
