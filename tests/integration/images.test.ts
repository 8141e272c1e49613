import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { MAX_IMAGE_BYTES } from "~/domain/image-upload";
import { loader as uploadsLoader } from "~/routes/uploads.$";
import {
  decodableImage,
  deleteImage,
  readImageForm,
  readStoredImage,
  storeImage,
  UploadRejectedError,
} from "~/services/images.server";
import { getRequest, run } from "../support/requests";
import { cameraJpeg, pngImage } from "../support/images";

const uploadsDir = vi.hoisted(() => {
  const dir = `tests/.tmp/uploads-${process.pid}-${Date.now()}`;
  process.env.UPLOADS_DIR = dir;
  return dir;
});
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const file = (bytes: Uint8Array | string, name: string, type: string) =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

async function refusal(upload: File): Promise<string> {
  const error = await storeImage("avatars", upload).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(UploadRejectedError);
  return (error as UploadRejectedError).message;
}

const serve = (stored: string) =>
  run(() => uploadsLoader({ request: getRequest(`/uploads/${stored}`), params: { "*": stored }, context: {} }));

describe("storeImage", () => {
  it("cuts an avatar to a 256 px WebP square under a generated name in avatars/", async () => {
    const stored = await storeImage("avatars", file(await pngImage(300, 200), "me.png", "image/png"));
    expect(stored).toMatch(/^avatars\/[0-9a-f]{32}\.webp$/);
    const saved = await readStoredImage(stored);
    const metadata = await sharp(saved!.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 256, 256]);
  });

  it("turns a photo upright by its EXIF orientation and drops the metadata, GPS included", async () => {
    const photo = await cameraJpeg(64, 32);
    const before = await sharp(photo).metadata();
    expect([before.orientation, Boolean(before.icc), Boolean(before.xmp)]).toEqual([6, true, true]);
    // The GPS IFD pointer tag (0x8825), in either byte order.
    expect(before.exif!.includes(Buffer.from([0x25, 0x88])) || before.exif!.includes(Buffer.from([0x88, 0x25]))).toBe(
      true
    );

    const stored = await storeImage("dishes", file(photo, "dish.jpg", "image/jpeg"));
    expect(stored).toMatch(/^dishes\/[0-9a-f]{32}\.jpg$/);
    const { bytes } = (await readStoredImage(stored))!;
    const after = await sharp(bytes).metadata();
    expect([after.format, after.width, after.height]).toEqual(["jpeg", 32, 64]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes("CamMaker")).toBe(false);
  });

  it("never uses the uploaded file's name", async () => {
    const stored = await storeImage("avatars", file(await cameraJpeg(), "../../../etc/passwd.jpg", "image/jpeg"));
    expect(stored).not.toContain("passwd");
    expect(readdirSync(path.join(uploadsDir, "avatars"))).toContain(path.basename(stored));
  });

  it("refuses a page named like a picture, whatever its name and declared type", async () => {
    const page = "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";
    expect(await refusal(file(page, "cat.jpg", "image/jpeg"))).toBe("Choose a JPEG, PNG, WebP or GIF image");
  });

  it("refuses an SVG carrying a script, even named .png", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expect(await refusal(file(svg, "logo.png", "image/png"))).toBe("Choose a JPEG, PNG, WebP or GIF image");
    expect(await refusal(file(svg, "logo.svg", "image/svg+xml"))).toBe("Choose a JPEG, PNG, WebP or GIF image");
  });

  it("refuses polyglots: a real JPEG with a page appended, a GIF header in front of a page", async () => {
    const jpegAndPage = Buffer.concat([await cameraJpeg(), Buffer.from("<html><script>alert(1)</script></html>")]);
    expect(await refusal(file(jpegAndPage, "photo.jpg", "image/jpeg"))).toBe("Choose a JPEG, PNG, WebP or GIF image");
    const gifAndPage = Buffer.from("GIF89a/*<svg onload=alert(1)>*/=1;alert(1)");
    expect(await refusal(file(gifAndPage, "anim.gif", "image/gif"))).toBe("Choose a JPEG, PNG, WebP or GIF image");
  });

  it("reads a photo whose compressed pixels hold '<sVg' by chance, and still refuses it in a comment", async () => {
    // One real photo in a few thousand does (grocery-val's Kiwi_001.jpg); a 3 MB phone photo about one in 200.
    const noise = { type: "gaussian" as const, mean: 128, sigma: 40 };
    const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: "#808080", noise } })
      .jpeg()
      .toBuffer();
    const [scan, end] = [photo.indexOf(Buffer.from([0xff, 0xda])), photo.lastIndexOf(Buffer.from([0xff, 0xd9]))];
    const inPixels = Buffer.from(photo);
    inPixels.write("<sVg ", Math.floor((scan + end) / 2), "latin1");
    await expect(decodableImage(inPixels)).resolves.toBeDefined();
    const comment = Buffer.from("<svg onload=alert(1)>", "latin1");
    const commentSegment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const inComment = Buffer.concat([photo.subarray(0, 2), commentSegment, photo.subarray(2)]);
    expect(await refusal(file(inComment, "photo.jpg", "image/jpeg"))).toBe("Choose a JPEG, PNG, WebP or GIF image");
  });

  it("refuses a file with an image signature that does not decode", async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(await refusal(file(broken, "broken.jpg", "image/jpeg"))).toBe(
      "The image could not be read. Please choose another one."
    );
  });

  it("refuses a file over 8 MB with status 413", async () => {
    const huge = Buffer.concat([await cameraJpeg(), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const error = (await storeImage("dishes", file(huge, "big.jpg", "image/jpeg")).catch(
      (e: unknown) => e
    )) as UploadRejectedError;
    expect([error.message, error.status]).toEqual(["The image must be 8 MB or smaller", 413]);
  });

  it("writes nothing when it refuses", async () => {
    const count = () =>
      existsSync(path.join(uploadsDir, "dishes")) ? readdirSync(path.join(uploadsDir, "dishes")).length : 0;
    const before = count();
    await storeImage("dishes", file("<html></html>", "x.jpg", "image/jpeg")).catch(() => undefined);
    expect(count()).toBe(before);
  });
});

describe("stored pictures", () => {
  it("are served as images with nosniff and a sandbox, cacheable for good", async () => {
    const stored = await storeImage("avatars", file(await cameraJpeg(), "me.jpg", "image/jpeg"));
    const response = await serve(stored);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe("webp");
  });

  it.each([
    "../package.json",
    "avatars/../../package.json",
    "avatars/..%2F..%2Fpackage.json",
    "/etc/passwd",
    "avatars/notes.html",
    "avatars/0123456789abcdef0123456789abcdef.svg",
    "other/0123456789abcdef0123456789abcdef.webp",
  ])("are never found outside the generated names (%s)", async (stored) => {
    const response = await serve(stored);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  });

  it("can be deleted; other values are left alone", async () => {
    const stored = await storeImage("avatars", file(await cameraJpeg(), "me.jpg", "image/jpeg"));
    await deleteImage(stored);
    expect(await readStoredImage(stored)).toBeNull();
    await expect(deleteImage("../package.json")).resolves.toBeUndefined();
    expect(existsSync("package.json")).toBe(true);
  });
});

describe("readImageForm", () => {
  const multipart = (form: FormData) => new Request("http://localhost:3000/setting", { method: "POST", body: form });

  it("reads fields and a picture", async () => {
    const form = new FormData();
    form.set("username", "cook");
    form.set("avatar", file(await cameraJpeg(), "me.jpg", "image/jpeg"));
    const read = await readImageForm(multipart(form));
    expect(read.get("username")).toBe("cook");
    expect((read.get("avatar") as File).name).toBe("me.jpg");
  });

  it("stops reading a body over the limit with a 413", async () => {
    const form = new FormData();
    form.set("avatar", file(Buffer.alloc(MAX_IMAGE_BYTES + 1), "big.jpg", "image/jpeg"));
    const error = (await readImageForm(multipart(form)).catch((e: unknown) => e)) as UploadRejectedError;
    expect(error).toBeInstanceOf(UploadRejectedError);
    expect(error.status).toBe(413);
  });
});
