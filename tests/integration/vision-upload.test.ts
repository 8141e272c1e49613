import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from "~/domain/image-upload";
import { action as uploadAction } from "~/api/upload.server";
import { prisma } from "~/services/db.server";
import { readPantry } from "~/services/pantry-store.server";
import { CLIENT_ADDRESS_HEADER } from "~/services/rate-limit.server";
import { NO_PHOTO, NOT_A_DATA_URL, PHOTOS_PER_MINUTE, TOO_MANY_PHOTOS } from "~/services/vision/upload.server";
import { seedIngredients } from "../../prisma/seed";
import { getRequest, jsonRequest, served, sessionCookieFrom } from "../support/requests";
import { dataUrl, explainSkip, groceryPhoto, hasGroceryPhotos } from "../support/vision";
import { getCook } from "~/services/cook.server";

let client = 0;
/** POST /api/upload from a client address of its own, so the rate limit of one test does not touch another. */
function upload(body: unknown, headers: Record<string, string> = {}, from = `10.0.0.${++client}`) {
  const request = jsonRequest("/api/upload", body, { headers: { [CLIENT_ADDRESS_HEADER]: from, ...headers } });
  return served(request, () => uploadAction({ request, params: {}, context: {} }));
}

async function refusal(body: unknown, headers: Record<string, string> = {}) {
  const response = await upload(body, headers);
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

beforeAll(async () => {
  await seedIngredients();
});

describe("POST /api/upload with bad input", () => {
  it("answers 400 with a clear message for a body that is not a photo's data URL", async () => {
    expect(await refusal("{not json")).toEqual({ status: 400, message: "Request body must be valid JSON" });
    expect(await refusal({})).toEqual({ status: 400, message: NOT_A_DATA_URL });
    expect(await refusal({ image: 42 })).toEqual({ status: 400, message: NOT_A_DATA_URL });
    expect(await refusal({ image: "https://example.com/banana.jpg" })).toEqual({
      status: 400,
      message: NOT_A_DATA_URL,
    });
    expect(await refusal({ image: "data:image/jpeg;base64," })).toEqual({ status: 400, message: NO_PHOTO });
  });

  it("judges the bytes, not the declared type: HTML, SVG and text dressed as images are refused", async () => {
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>');
    expect(await refusal({ image: dataUrl(html, "image/jpeg") })).toEqual({ status: 400, message: NOT_AN_IMAGE });
    expect(await refusal({ image: dataUrl(svg, "image/svg+xml") })).toEqual({ status: 400, message: NOT_AN_IMAGE });
    expect(await refusal({ image: dataUrl(Buffer.from("just words"), "image/png") })).toEqual({
      status: 400,
      message: NOT_AN_IMAGE,
    });
  });

  it("refuses a photo over the size limit with 413", async () => {
    expect(
      await refusal({ image: "data:image/jpeg;base64,AAAA" }, { "Content-Length": String(20 * 1024 * 1024) })
    ).toEqual({
      status: 413,
      message: IMAGE_TOO_LARGE,
    });
  });

  it("refuses a post from another site", async () => {
    const response = await upload(
      { image: "data:image/jpeg;base64,AAAA" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }
    );
    expect(response.status).toBe(403);
  });

  it(`limits each client to ${PHOTOS_PER_MINUTE} photos a minute`, async () => {
    const from = "10.9.9.9";
    for (let i = 0; i < PHOTOS_PER_MINUTE; i++) expect((await upload({}, {}, from)).status).toBe(400);
    const limited = await upload({}, {}, from);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: TOO_MANY_PHOTOS });
    expect((await upload({}, {}, "10.9.9.10")).status).toBe(400);
  });
});

describe.skipIf(
  explainSkip("the /api/upload recognition tests", hasGroceryPhotos, "../shared/data/images/grocery-dev")
)("POST /api/upload with a photo", () => {
  it("answers the ingredients in the spec's shape, each with its alternatives, and lists nothing yet", async () => {
    const response = await upload({ image: dataUrl(groceryPhoto("Banana/Banana_001.jpg")) });
    expect(response.status).toBe(200);
    const { ingredients } = (await response.json()) as { ingredients: unknown[] };
    expect(ingredients).toContainEqual({
      ingredient_name: "banana",
      ingredient_type: "Fruit",
      source: "camera",
      alternatives: expect.any(Array),
      sure: true,
    });

    // the guesses wait for the cook to confirm them (tests/integration/vision-confirm.test.ts)
    const cookie = sessionCookieFrom(response);
    expect(await readPantry(await getCook(getRequest("/ingredient-preview", { cookie })))).toEqual([]);
    const capture = await prisma.visionCapture.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    expect(JSON.parse(capture.detected)).toContain("banana");
  });

  it("answers an empty list for a photo of nothing it knows, and lists nothing", async () => {
    const card = await sharp({ create: { width: 200, height: 150, channels: 3, background: "#8a8f8c" } })
      .png()
      .toBuffer();
    const response = await upload({ image: dataUrl(card, "image/png") });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ingredients: [] });
    expect(sessionCookieFrom(response)).toBeNull();
  });
});
