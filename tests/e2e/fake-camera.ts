import { rmSync } from "node:fs";
import { expect, test as base, type Page } from "@playwright/test";

/**
 * Playwright's `test` with Chromium's fake camera playing `file`, a video made once per worker by `write`
 * (a Y4M or an MJPEG of a real photo, which Chromium loops). `write` is null when the photo it films is
 * absent; the tests that need the camera then skip.
 */
export function withFakeCamera(file: string, write: ((file: string) => Promise<void>) | null) {
  return base.extend<object, { fakeCamera: string }>({
    fakeCamera: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
      async ({}, use) => {
        if (write) await write(file);
        await use(file);
        rmSync(file, { force: true });
      },
      { scope: "worker" },
    ],
    launchOptions: [
      async ({ launchOptions, fakeCamera }, use) => {
        await use({
          ...launchOptions,
          args: [
            ...(launchOptions.args ?? []),
            "--use-fake-device-for-media-stream",
            `--use-file-for-fake-video-capture=${fakeCamera}`,
          ],
        });
      },
      { scope: "worker" },
    ],
  });
}

/**
 * On a screen with the live camera: waits for it, takes a photo, checks its preview, retakes it from the
 * front camera and takes it again, leaving the preview open for the screen's confirm button.
 */
export async function takePhotoTwice(page: Page) {
  const shutter = page.getByRole("button", { name: "Take photo" });
  await expect(shutter).toBeEnabled({ timeout: 15_000 });
  await shutter.click();
  await expect(page.getByRole("img", { name: "Your photo" })).toBeVisible();
  await page.getByRole("button", { name: "Retake" }).click();
  await page.getByRole("button", { name: "Switch to the front camera" }).click();
  await expect(page.getByRole("button", { name: "Switch to the rear camera" })).toBeVisible();
  await expect(shutter).toBeEnabled({ timeout: 15_000 });
  await shutter.click();
  await expect(page.getByRole("img", { name: "Your photo" })).toBeVisible();
}
