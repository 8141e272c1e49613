/** The recogniser the environment chooses (VISION_PROVIDER), and whether it can run. */
import path from "node:path";
import { env } from "~/services/env.server";
import { createEmbeddedProvider } from "./embedded.server";
import { BROKEN_MODEL_MESSAGE, loadClassifier, ModelBrokenError, ModelNotInstalledError } from "./model.server";
import { createOpenAiProvider } from "./openai.server";
import { groceryHead } from "./head.server";
import { starterExamples } from "./memory.server";
import { VisionUnavailableError, type VisionProvider } from "./provider.server";

let provider: VisionProvider | undefined;

export function configuredProvider(): VisionProvider {
  provider ??=
    env.VISION_PROVIDER === "openai"
      ? createOpenAiProvider({
          baseUrl: env.VISION_API_BASE_URL!,
          model: env.VISION_API_MODEL!,
          apiKey: env.VISION_API_KEY,
        })
      : createEmbeddedProvider(path.resolve(env.VISION_MODEL_DIR));
  return provider;
}

/** Whether photos can be recognised now: the embedded model loads once per process, in the background. */
export type VisionStatus = { state: "ready" } | { state: "loading" } | { state: "unavailable"; message: string };

let status: VisionStatus | undefined;

/**
 * Loads the embedded model, its starter memory and its head once, as the server starts, so the first photo does not wait
 * for it; a model that cannot load is said once in the server log, with what to do.
 */
export function warmVision(): void {
  if (status) return;
  if (env.VISION_PROVIDER === "openai") {
    status = { state: "ready" };
    return;
  }
  status = { state: "loading" };
  loadClassifier(path.resolve(env.VISION_MODEL_DIR)).then(
    (classifier) => {
      starterExamples(classifier.fingerprint);
      groceryHead(classifier.fingerprint);
      status = { state: "ready" };
    },
    (error: unknown) => {
      status = {
        state: "unavailable",
        message: error instanceof VisionUnavailableError ? error.message : BROKEN_MODEL_MESSAGE,
      };
      const detail =
        error instanceof ModelNotInstalledError || error instanceof ModelBrokenError ? error.instructions : error;
      console.error(status.message, detail);
    }
  );
}

/** What the camera screens say about recognition: starting, ready, or unavailable and why. */
export function visionStatus(): VisionStatus {
  warmVision();
  return status!;
}
