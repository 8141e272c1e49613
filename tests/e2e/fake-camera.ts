import { rmSync } from "node:fs";
import { test as base } from "@playwright/test";

/**
 * Playwright's `test` with Chromium's fake camera playing `file`, a video made once per worker by `write`
 * (a Y4M or an MJPEG of a real photo, which Chromium loops). `write` is null when the photo it films is
 * absent; the tests that need the camera then skip.
 */
export function withFakeCamera(file: string, write: ((file: string) => Promise<void>) | null) {
  return base.extend<object, { fakeCamera: string }>({
    fakeCamera: [
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
          args: [...(launchOptions.args ?? []), "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${fakeCamera}`],
        });
      },
      { scope: "worker" },
    ],
  });
}
