import { describe, expect, it, vi } from "vitest";
import { action as cameraAction, loader as cameraLoader } from "~/routes/camera";
import { action as uploadAction } from "~/api/upload.server";
import { NO_MODEL_MESSAGE } from "~/services/vision/model.server";
import { cameraJpeg } from "../support/images";
import { jsonRequest, run } from "../support/requests";
import { dataUrl } from "../support/vision";

vi.hoisted(() => {
  process.env.VISION_PROVIDER = "embedded";
  process.env.VISION_MODEL_DIR = "tests/.tmp/no-model-installed-here";
});

const args = (request: Request) => ({ request, params: {}, context: {} });

describe("an install without the recognition model", () => {
  it("says so on the camera screen", async () => {
    expect(await cameraLoader()).toEqual({ unavailable: NO_MODEL_MESSAGE });
  });

  it("answers a photo with 503 and the same words, from the API and from the photo form", async () => {
    const photo = await cameraJpeg();
    const response = await run(() => uploadAction(args(jsonRequest("/api/upload", { image: dataUrl(photo) }))));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: NO_MODEL_MESSAGE });

    const form = new FormData();
    form.set("image", new File([new Uint8Array(photo)], "photo.jpg", { type: "image/jpeg" }));
    const posted = await run(() =>
      cameraAction(args(new Request("http://localhost:3000/camera", { method: "POST", body: form, headers: { Origin: "http://localhost:3000" } }))),
    );
    expect(posted.status).toBe(503);
    expect(await posted.json()).toEqual({ failure: NO_MODEL_MESSAGE });
  });
});
