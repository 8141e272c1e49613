/**
 * Where uploaded pictures are kept: a folder (UPLOADS_DIR, a volume every app process shares) or, when S3_BUCKET
 * is set, an S3-compatible bucket (AWS S3, MinIO, R2...) through the AWS SDK. Keys are the stored paths the
 * upload service generates ("dishes/<random>.jpg"); nothing else is ever written or read here.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { env } from "./env.server";

/** A stored file as read: its bytes as a stream, and how many there are. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  length: number;
}

export interface UploadStorage {
  /** Writes a new file under a key never used before. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a key with no file is no error. */
  remove(key: string): Promise<void>;
  /** The keys in a folder ("dishes"), each with when it was written. */
  list(folder: string): Promise<{ key: string; writtenAt: Date }[]>;
}

const isMissing = (error: unknown) => (error as { code?: string }).code === "ENOENT";

export function folderStorage(root: string): UploadStorage {
  const fileOf = (key: string) => path.join(root, key);
  return {
    async put(key, bytes) {
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFile(fileOf(key), bytes, { flag: "wx" });
    },
    async get(key) {
      try {
        const { size } = await stat(fileOf(key));
        return { body: Readable.toWeb(createReadStream(fileOf(key))) as ReadableStream<Uint8Array>, length: size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async list(folder) {
      const names = await readdir(fileOf(folder)).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      const files = await Promise.all(
        names.map(async (name) => {
          const key = `${folder}/${name}`;
          try {
            return [{ key, writtenAt: (await stat(fileOf(key))).mtime }];
          } catch (error) {
            if (isMissing(error)) return []; // removed meanwhile
            throw error;
          }
        })
      );
      return files.flat();
    },
  };
}

export interface BucketSettings {
  bucket: string;
  region: string;
  /** an S3-compatible server's address; unset for AWS S3 itself */
  endpoint?: string;
  /** unset: the SDK's usual sources (environment, profile, instance role) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** bucket in the path (http://host/bucket/key) rather than the host name, as most S3-compatible servers want */
  forcePathStyle: boolean;
}

export function bucketStorage(settings: BucketSettings): UploadStorage {
  const config: S3ClientConfig = {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: S3-compatible servers do not all know the newer checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
  const client = new S3Client(config);
  const Bucket = settings.bucket;
  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream(), length: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(folder) {
      const files: { key: string; writtenAt: Date }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) files.push({ key: object.Key, writtenAt: object.LastModified ?? new Date(0) });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files;
    },
  };
}

let configured: UploadStorage | undefined;

/** The storage the settings name: the bucket when S3_BUCKET is set, else the UPLOADS_DIR folder. */
export function uploadStorage(): UploadStorage {
  configured ??= env.S3_BUCKET
    ? bucketStorage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      })
    : folderStorage(path.resolve(env.UPLOADS_DIR));
  return configured;
}
