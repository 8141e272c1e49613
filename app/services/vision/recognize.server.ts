/** The recogniser the environment chooses (VISION_PROVIDER), and whether it can run. */
import path from "node:path";
import { env } from "~/services/env.server";
import { createEmbeddedProvider } from "./embedded.server";
import { isModelInstalled, NO_MODEL_MESSAGE } from "./model.server";
import { createOpenAiProvider } from "./openai.server";
import type { VisionProvider } from "./provider.server";

let provider: VisionProvider | undefined;

export function configuredProvider(): VisionProvider {
  provider ??=
    env.VISION_PROVIDER === "openai"
      ? createOpenAiProvider({ baseUrl: env.VISION_API_BASE_URL!, model: env.VISION_API_MODEL!, apiKey: env.VISION_API_KEY })
      : createEmbeddedProvider(path.resolve(env.VISION_MODEL_DIR));
  return provider;
}

/** Why photos cannot be recognised here (no model installed), or null when they can. */
export function visionUnavailableReason(): string | null {
  if (env.VISION_PROVIDER === "openai") return null;
  return isModelInstalled(path.resolve(env.VISION_MODEL_DIR)) ? null : NO_MODEL_MESSAGE;
}
