import type { Sharp } from "sharp";

/** A catalogue ingredient found in a photo. */
export interface FoundIngredient {
  name: string;
  type: string;
}

/** An item recognised in a photo: the best guess, and the next best for the cook to choose from (up to two). */
export interface RecognisedItem extends FoundIngredient {
  alternatives: FoundIngredient[];
  /** the recogniser was not sure of any item: its best guesses are offered, none chosen for the cook */
  unsure?: boolean;
}

export interface Recognition {
  /** confident, each ingredient once, best first; then, when none is, the unsure guess (its `unsure` set) */
  ingredients: RecognisedItem[];
  /** the kept photo that corrections on ingredient preview teach from (null when the provider cannot learn) */
  captureId: string | null;
}

/** One way of finding the ingredients in a photo (the embedded classifier, an OpenAI-compatible endpoint). */
export interface VisionProvider {
  /** `image` has passed the upload checks (decodableImage). */
  recognize(image: Sharp): Promise<Recognition>;
}

/** Recognition cannot run (no model installed, the endpoint does not answer); the message is for the user. */
export class VisionUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "VisionUnavailableError";
  }
}
