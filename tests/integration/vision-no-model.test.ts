import { mkdirSync, writeFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { action as cameraAction, loader as cameraLoader } from "~/routes/camera";
import { action as uploadAction } from "~/api/upload.server";
import { warmVision } from "~/services/vision/recognize.server";
import { BROKEN_MODEL_MESSAGE } from "~/services/vision/model.server";
import { cameraJpeg } from "../support/images";
import { getRequest, jsonRequest, run } from "../support/requests";
import { dataUrl } from "../support/vision";

// A model folder whose files are there but do not load (a damaged copy).
const BROKEN = vi.hoisted(() => {
  const folder = `tests/.tmp/broken-model-${process.pid}`;
  process.env.VISION_PROVIDER = "embedded";
  process.env.VISION_MODEL_DIR = folder;
  return folder;
});
mkdirSync(BROKEN, { recursive: true });
writeFileSync(`${BROKEN}/model.json`, '{"modelTopology": {"model_config": ');
writeFileSync(`${BROKEN}/labels.json`, "[]");

const args = (request: Request) => ({ request, params: {}, context: {} });

describe("an install whose recognition model folder is broken", () => {
  it("says so once in the server log at start-up, and on the camera screen with another way to add ingredients", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    warmVision();
    await vi.waitFor(
      async () => expect((await cameraLoader(args(getRequest("/camera")))).recognition.state).toBe("unavailable"),
      {
        timeout: 30_000,
      }
    );
    warmVision();
    expect(await cameraLoader(args(getRequest("/camera")))).toEqual({
      recognition: { state: "unavailable", message: BROKEN_MODEL_MESSAGE },
      guesses: null,
    });
    const lines = logged.mock.calls.filter(([first]) => first === BROKEN_MODEL_MESSAGE);
    expect(lines).toHaveLength(1);
    expect(String(lines[0][1])).toContain(BROKEN);
    logged.mockRestore();
  });

  it("answers a photo with 503 and the same words, from the API and from the photo form", async () => {
    const photo = await cameraJpeg();
    const response = await run(() => uploadAction(args(jsonRequest("/api/upload", { image: dataUrl(photo) }))));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: BROKEN_MODEL_MESSAGE });

    const form = new FormData();
    form.set("image", new File([new Uint8Array(photo)], "photo.jpg", { type: "image/jpeg" }));
    const posted = await run(() =>
      cameraAction(
        args(
          new Request("http://localhost:3000/camera", {
            method: "POST",
            body: form,
            headers: { Origin: "http://localhost:3000" },
          })
        )
      )
    );
    expect(posted.status).toBe(503);
    expect(await posted.json()).toEqual({ failure: BROKEN_MODEL_MESSAGE });
  });
});
