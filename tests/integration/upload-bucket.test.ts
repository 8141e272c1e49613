/**
 * Uploads kept in an S3-compatible bucket (S3_BUCKET): a real local S3 server (s3rver) speaks the protocol; the
 * app writes, serves and deletes through the AWS SDK, and nothing lands in UPLOADS_DIR.
 */
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loader as uploadsLoader } from "~/routes/uploads.$";
import { deleteImage, readStoredImage, storedDishPhotos, storeImage } from "~/services/images.server";
import { cameraJpeg, pngImage } from "../support/images";
import { getRequest, run } from "../support/requests";

const BUCKET = "recipe-helper-uploads";
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

const bucketServer = await vi.hoisted(async () => {
  const { default: S3rver } = await import("s3rver");
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const directory = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: "recipe-helper-uploads", configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const uploadsDir = mkdtempSync(path.join(tmpdir(), "uploads-unused-"));
  Object.assign(process.env, {
    UPLOADS_DIR: uploadsDir,
    S3_BUCKET: "recipe-helper-uploads",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  return { server, directory, uploadsDir, endpoint: `http://127.0.0.1:${port}` };
});
afterAll(async () => {
  await bucketServer.server.close();
  rmSync(bucketServer.directory, { recursive: true, force: true });
  rmSync(bucketServer.uploadsDir, { recursive: true, force: true });
});

/** A client of our own, to see what the bucket holds without going through the app. */
const bucket = new S3Client({
  region: "us-east-1",
  endpoint: bucketServer.endpoint,
  forcePathStyle: true,
  credentials: KEYS,
});
const keysInBucket = async (prefix: string) =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map(
    (object) => object.Key
  );
const objectBytes = async (key: string) => {
  const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { bytes: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType };
};

const serve = (stored: string) =>
  run(() => uploadsLoader({ request: getRequest(`/uploads/${stored}`), params: { "*": stored }, context: {} }));
const dishPhoto = async () =>
  new File([new Uint8Array(await cameraJpeg(800, 600))], "dish.jpg", { type: "image/jpeg" });

describe("uploads in an S3-compatible bucket", () => {
  it("keeps a dish photo and its narrower copies in the bucket, none in UPLOADS_DIR", async () => {
    const stored = await storeImage("dishes", await dishPhoto());
    const name = stored.replace(/\.jpg$/, "");
    expect((await keysInBucket(name)).sort()).toEqual(
      [`${name}-1024w.jpg`, `${name}-320w.jpg`, `${name}-640w.jpg`, stored].sort()
    );
    const { bytes, contentType } = await objectBytes(stored);
    expect(contentType).toBe("image/jpeg");
    expect((await sharp(bytes).metadata()).format).toBe("jpeg");
    expect(existsSync(path.join(bucketServer.uploadsDir, "dishes"))).toBe(false);
    expect((await storedDishPhotos()).map((photo) => photo.stored)).toContain(stored);
  });

  it("serves a stored picture through /uploads with the bucket's bytes and the usual headers", async () => {
    const stored = await storeImage("avatars", new File([new Uint8Array(await pngImage(300, 200))], "me.png"));
    const response = await serve(stored);
    expect(response.status).toBe(200);
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.equals((await objectBytes(stored)).bytes)).toBe(true);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/webp",
      "content-length": String(served.length),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    });
    expect((await sharp(served).metadata()).width).toBe(256);
  });

  it("deletes a photo with its copies from the bucket, after which /uploads answers 404", async () => {
    const stored = await storeImage("dishes", await dishPhoto());
    expect(await keysInBucket(stored.replace(/\.jpg$/, ""))).toHaveLength(4);
    expect((await serve(stored)).status).toBe(200);
    await deleteImage(stored);
    expect(await keysInBucket(stored.replace(/\.jpg$/, ""))).toEqual([]);
    expect((await serve(stored)).status).toBe(404);
    expect(await readStoredImage(stored)).toBeNull();
  });

  it("answers 404 for a name the app never generated, without asking the bucket for it", async () => {
    expect((await serve("dishes/../../etc/passwd")).status).toBe(404);
    expect((await serve(`dishes/${"0".repeat(32)}.jpg`)).status).toBe(404);
  });
});
