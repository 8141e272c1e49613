/**
 * Hostile files sent to every entry point that takes a picture: a page named like a photo, an SVG with a script,
 * polyglots, a 50 MB file and a path-traversal file name. Each is refused with a message (and nothing is written,
 * to the database or the uploads folder) or neutralised (stored re-encoded under a name the server made up).
 * (tests/integration/images.test.ts checks the same files against the image service itself.)
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from "~/domain/image-upload";
import { action as communityApiAction } from "~/api/community.server";
import { action as uploadAction } from "~/api/upload.server";
import { action as userAction } from "~/api/users.$id.server";
import { action as cameraAction } from "~/routes/camera";
import { action as cameraShareAction } from "~/routes/camera-share-dish";
import { action as communityAction } from "~/routes/community";
import { action as settingAction } from "~/routes/setting";
import { prisma } from "~/services/db.server";
import { CLIENT_ADDRESS_HEADER } from "~/services/rate-limit.server";
import { cameraJpeg } from "../support/images";
import { signedInMember, type Member } from "../support/members";
import { flashAfter } from "../support/flash";
import { requestWith, run, type RequestBody } from "../support/requests";
import { tableCounts } from "../support/route-table";

const uploadsDir = vi.hoisted(() => {
  const dir = `tests/.tmp/uploads-attacks-${process.pid}`;
  process.env.UPLOADS_DIR = dir;
  return dir;
});
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const FIFTY_MB = 50 * 1024 * 1024;
const TRAVERSAL_NAME = "../../../../../tmp/recipe-helper-pwned.jpg";

type Attack = { name: string; file: () => Promise<File>; expected: "refused" | "stored" };

const attacks: Attack[] = [
  {
    name: "an HTML page named photo.jpg",
    file: async () =>
      new File(["<!doctype html><html><body><script>alert(document.cookie)</script></body></html>"], "photo.jpg", {
        type: "image/jpeg",
      }),
    expected: "refused",
  },
  {
    name: "an SVG with a script",
    file: async () =>
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "avatar.svg", {
        type: "image/svg+xml",
      }),
    expected: "refused",
  },
  {
    name: "the same SVG named .png",
    file: async () =>
      new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], "avatar.png", { type: "image/png" }),
    expected: "refused",
  },
  {
    name: "a polyglot: a real JPEG with a script appended",
    file: async () =>
      new File([await cameraJpeg(32, 24), "<script>alert(1)</script>"], "dish.jpg", { type: "image/jpeg" }),
    expected: "refused",
  },
  {
    name: "a polyglot: a GIF header in front of a script",
    file: async () => new File(["GIF89a/*<svg onload=alert(1)>*/=1;alert(1)"], "anim.gif", { type: "image/gif" }),
    expected: "refused",
  },
  {
    name: "a 50 MB file",
    file: async () =>
      new File([await cameraJpeg(32, 24), new Uint8Array(FIFTY_MB)], "huge.jpg", { type: "image/jpeg" }),
    expected: "refused",
  },
  {
    name: "a real photo with a path-traversal name",
    file: async () => new File([await cameraJpeg(32, 24)], TRAVERSAL_NAME, { type: "image/jpeg" }),
    expected: "stored",
  },
];

let member: Member;
let recipeId: number;
beforeAll(async () => {
  recipeId = (await prisma.recipe.create({ data: { name: "Upload Attack Soup" } })).id;
});

type Handler = (args: ActionFunctionArgs) => unknown;
let addresses = 0;
const send = (
  handler: Handler,
  method: string,
  pathname: string,
  body: RequestBody,
  params: Record<string, string> = {}
) =>
  run(async () =>
    handler({
      request: requestWith(method, pathname, body, {
        cookie: member.cookie,
        headers: { [CLIENT_ADDRESS_HEADER]: `192.0.2.${++addresses % 250}` },
      }),
      params,
      context: {},
    })
  );

/** The message an answer refuses with: a JSON message, a page's error data, or a flash on the redirect. */
async function refusalMessage(response: Response): Promise<string | null> {
  if (response.status >= 300 && response.status < 400) {
    const flash = await flashAfter(response);
    return flash?.type === "error" ? flash.message : null;
  }
  if (response.status < 400) return null;
  const body = (await response.json()) as {
    message?: string;
    error?: string;
    failure?: string;
    uploadError?: string;
    result?: { error?: Record<string, string[]> };
  };
  return body.message ?? body.error ?? body.failure ?? body.uploadError ?? body.result?.error?.avatar?.[0] ?? null;
}

type EntryPoint = { name: string; send: (file: File) => Promise<Response>; stores: boolean };

const dataUrl = async (file: File) =>
  `data:${file.type};base64,${Buffer.from(await file.arrayBuffer()).toString("base64")}`;
const profile = () => ({ username: member.username, email: member.email });

const entryPoints: EntryPoint[] = [
  {
    name: "avatar on /setting",
    stores: true,
    send: (avatar) =>
      send(settingAction, "POST", "/setting", { multipart: { intent: "update", ...profile(), avatar } }),
  },
  {
    name: "avatar by PUT /api/users/<id>",
    stores: true,
    send: (avatar) =>
      send(
        userAction,
        "PUT",
        `/api/users/${member.id}`,
        { multipart: { ...profile(), avatar } },
        { id: String(member.id) }
      ),
  },
  {
    name: "photo by POST /api/upload (data URL)",
    stores: false,
    send: async (file) => send(uploadAction, "POST", "/api/upload", { json: { image: await dataUrl(file) } }),
  },
  {
    name: "photo on /camera without JavaScript",
    stores: false,
    send: (image) => send(cameraAction, "POST", "/camera", { multipart: { image } }),
  },
  {
    name: "dish by POST /api/community",
    stores: true,
    send: (image) =>
      send(communityApiAction, "POST", "/api/community", {
        multipart: { menu_id: String(recipeId), caption: "x", image },
      }),
  },
  {
    name: "dish shared on the community screen",
    stores: true,
    send: (image) =>
      send(communityAction, "POST", "/community", {
        multipart: { intent: "share", menu_id: String(recipeId), caption: "x", image },
      }),
  },
  {
    name: "dish photo on /camera-share-dish",
    stores: true,
    send: (image) =>
      send(cameraShareAction, "POST", "/camera-share-dish", { multipart: { menu_id: String(recipeId), image } }),
  },
];

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadsDir, path.join(entry.parentPath, entry.name)));
}

const tally = { cases: 0, refused: 0, stored: 0 };
afterAll(() =>
  console.info(
    `Upload attacks: ${tally.cases} cases (${attacks.length} files × ${entryPoints.length} entry points), ${tally.refused} refused, ${tally.stored} stored re-encoded under a server-made name`
  )
);

describe.each(entryPoints)("$name", (entry) => {
  it.each(attacks)("$name: $expected", async (attack) => {
    member = await signedInMember("uploader");
    const [countsBefore, filesBefore] = [await tableCounts(), filesUnder(uploadsDir)];
    const response = await entry.send(await attack.file());
    tally.cases += 1;
    const message = await refusalMessage(response);
    const newFiles = filesUnder(uploadsDir).filter((file) => !filesBefore.includes(file));

    if (attack.expected === "refused") {
      if (attack.name === "a 50 MB file") {
        // JSON bodies stop at their own limit (the data URL of 50 MB is a 67 MB body), forms at the picture's.
        expect(message, `answered ${response.status}`).toMatch(
          new RegExp(`${IMAGE_TOO_LARGE}|Request body is too large`)
        );
      } else {
        expect(message, `answered ${response.status}`).toBe(NOT_AN_IMAGE);
      }
      expect(await tableCounts()).toEqual(countsBefore);
      expect(newFiles).toEqual([]);
      tally.refused += 1;
      return;
    }
    expect(existsSync("/tmp/recipe-helper-pwned.jpg")).toBe(false);
    if (!entry.stores) {
      // Recognition needs a model the unit tests do not install; the photo got that far, and nothing was stored.
      expect([200, 422, 503], `answered ${response.status}`).toContain(response.status);
      expect(newFiles).toEqual([]);
      return;
    }
    expect(message, `answered ${response.status}`).toBeNull();
    expect(newFiles.length).toBeGreaterThan(0);
    for (const file of newFiles) expect(file).toMatch(/^(avatars|dishes)\/[0-9a-f]{32}(-\d+w)?\.(webp|jpg)$/);
    tally.stored += 1;
  });
});
