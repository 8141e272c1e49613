import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as uploadAction } from "~/api/upload.server";
import { createOpenAiProvider, VISION_PROMPT } from "~/services/vision/openai.server";
import { VisionUnavailableError } from "~/services/vision/provider.server";
import { seedIngredients } from "../../prisma/seed";
import { cameraJpeg } from "../support/images";
import { jsonRequest, run } from "../support/requests";
import { dataUrl } from "../support/vision";

// A real chat-completions server on loopback; the app is pointed at it before it loads its settings.
const endpoint = await vi.hoisted(async () => {
  const { startChatCompletionsServer } = await import("../support/chat-completions-server");
  const server = await startChatCompletionsServer();
  process.env.VISION_PROVIDER = "openai";
  process.env.VISION_API_BASE_URL = server.baseUrl;
  process.env.VISION_API_MODEL = "llava:7b";
  process.env.VISION_API_KEY = "sk-test-key";
  return server;
});
afterAll(() => endpoint.close());

beforeAll(async () => {
  await seedIngredients();
});
beforeEach(() => {
  endpoint.requests.length = 0;
});

const recognize = async (config: Partial<Parameters<typeof createOpenAiProvider>[0]> = {}) =>
  createOpenAiProvider({ baseUrl: endpoint.baseUrl, model: "llava:7b", apiKey: "sk-test-key", ...config }).recognize(
    sharp(await cameraJpeg(64, 32))
  );

describe("the OpenAI-compatible provider", () => {
  it("asks for a JSON list with the photo as an upright JPEG without metadata, with the model and key", async () => {
    endpoint.answer({ content: '{"ingredients": ["banana"]}' });
    await recognize();
    const [request] = endpoint.requests;
    expect(request.authorization).toBe("Bearer sk-test-key");
    expect(request.body.model).toBe("llava:7b");
    expect(request.body.messages[0]).toEqual({ role: "system", content: VISION_PROMPT });
    const parts = request.body.messages[1].content as { type: string; image_url?: { url: string } }[];
    const image = parts.find((part) => part.type === "image_url")!.image_url!.url;
    expect(image).toMatch(/^data:image\/jpeg;base64,/);
    const sent = await sharp(Buffer.from(image.split(",")[1], "base64")).metadata();
    expect([sent.format, sent.width, sent.height, sent.exif]).toEqual(["jpeg", 32, 64, undefined]);
  });

  it("keeps only catalogue ingredients, each once, in the model's order", async () => {
    endpoint.answer({
      content: 'Sure!\n```json\n{"ingredients": ["Roma tomatoes", "red onion", "unicorn dust", "tomato"]}\n```',
    });
    expect(await recognize()).toEqual({
      ingredients: [
        { name: "tomato", type: "Vegetables", alternatives: [] },
        { name: "red onion", type: "Vegetables", alternatives: [] },
      ],
      captureId: null,
    });
  });

  it("reads a bare list and named objects too, and finds nothing in prose", async () => {
    endpoint.answer({ content: '["banana", {"name": "lime"}, {"ingredient_name": "eggs"}]' });
    expect((await recognize()).ingredients.map((found) => found.name)).toEqual(["banana", "lime", "egg"]);
    endpoint.answer({ content: "I can see a bowl of fruit." });
    expect((await recognize()).ingredients).toEqual([]);
  });

  it("asks for a JSON object, and asks again without response_format when the server refuses it", async () => {
    endpoint.answer({ status: 400 }, { content: '{"ingredients": ["banana"]}' });
    expect((await recognize()).ingredients.map((found) => found.name)).toEqual(["banana"]);
    expect(endpoint.requests.map((request) => request.body.response_format ?? null)).toEqual([
      { type: "json_object" },
      null,
    ]);
  });

  it("sends no key when none is set", async () => {
    endpoint.answer({ content: "[]" });
    await recognize({ apiKey: undefined });
    expect(endpoint.requests[0].authorization).toBeUndefined();
  });

  it("reports an endpoint that fails or does not answer in time as unavailable", async () => {
    endpoint.answer({ status: 500 });
    await expect(recognize()).rejects.toBeInstanceOf(VisionUnavailableError);
    endpoint.answer({ hang: true });
    await expect(recognize({ timeoutMs: 300 })).rejects.toThrow(
      "The ingredient recognition service is not answering. Please try again later."
    );
    await expect(recognize({ baseUrl: "http://127.0.0.1:9/v1" })).rejects.toBeInstanceOf(VisionUnavailableError);
  });
});

describe("POST /api/upload with VISION_PROVIDER=openai", () => {
  const post = (image: string) =>
    run(() => uploadAction({ request: jsonRequest("/api/upload", { image }), params: {}, context: {} }));

  it("answers what the endpoint saw, in the spec's shape", async () => {
    endpoint.answer({ content: '{"ingredients": ["chicken breast", "lemons"]}' });
    const response = await post(dataUrl(await cameraJpeg()));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ingredients: [
        {
          ingredient_name: "chicken breast",
          ingredient_type: "Meat sausages and fish",
          source: "camera",
          alternatives: [],
          sure: true,
        },
        { ingredient_name: "lemon", ingredient_type: "Fruit", source: "camera", alternatives: [], sure: true },
      ],
    });
  });

  it("answers 503 with the reason when the endpoint is down", async () => {
    endpoint.answer({ status: 503 });
    const response = await post(dataUrl(await cameraJpeg()));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: "The ingredient recognition service is not answering. Please try again later.",
    });
  });
});
