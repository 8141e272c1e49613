import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as uploadAction } from "~/api/upload.server";
import { action as cameraAction, loader as cameraLoader } from "~/routes/camera";
import { prisma } from "~/services/db.server";
import { getCook } from "~/services/cook.server";
import { readPantry } from "~/services/pantry-store.server";
import { CLIENT_ADDRESS_HEADER } from "~/services/rate-limit.server";
import { CHOICE_NOT_OFFERED, GUESSES_GONE, NOTHING_CHOSEN } from "~/services/vision/guesses.server";
import { seedIngredients } from "../../prisma/seed";
import { cookiesAfter, formRequest, getRequest, jsonRequest, served } from "../support/requests";
import { dataUrl, explainSkip, groceryPhoto, hasGroceryPhotos } from "../support/vision";

const args = (request: Request) => ({ request, params: {}, context: {} });
let client = 0;

interface Guessed {
  ingredient_name: string;
  ingredient_type: string;
  source: string;
  alternatives: { ingredient_name: string; ingredient_type: string }[];
  sure: boolean;
}

/** A photo of grocery-train: not one of the starter memory's (grocery-dev), as a cook's own photo would be. */
const TRAIN_DIR = path.join(path.resolve(process.env.SHARED_DIR ?? "../shared"), "data/images/grocery-train");
const COOKS_BANANA = "Banana/Banana_005.jpg";
const ownPhoto = (file: string) => readFileSync(path.join(TRAIN_DIR, file));
const GREY_ORANGE = "Orange/Orange_003.jpg";
const greyscale = (file: string) => sharp(groceryPhoto(file)).greyscale().jpeg().toBuffer();

/** A guest sends a photo to POST /api/upload: the answer, and the cookie the browser keeps. */
async function sendPhoto(file: string, cookie: string | null = null, bytes = groceryPhoto(file)) {
  const request = jsonRequest(
    "/api/upload",
    { image: dataUrl(bytes) },
    { cookie, headers: { [CLIENT_ADDRESS_HEADER]: `10.28.0.${++client}` } }
  );
  const response = await served(request, () => uploadAction(args(request)));
  const { ingredients } = (await response.json()) as { ingredients: Guessed[] };
  return { status: response.status, ingredients, cookie: cookiesAfter(cookie, response) };
}

async function postToCamera(fields: Record<string, string>, cookie: string | null) {
  const request = formRequest("/camera", fields, { cookie });
  const response = await served(request, () => cameraAction(args(request)));
  return { response, cookie: cookiesAfter(cookie, response) };
}

const listed = async (cookie: string | null) =>
  (await readPantry(await getCook(getRequest("/ingredient-preview", { cookie })))).map(({ name, source }) => ({
    name,
    source,
  }));
const waiting = async (cookie: string | null) => (await cameraLoader(args(getRequest("/camera", { cookie })))).guesses;

beforeAll(async () => {
  await seedIngredients();
});
beforeEach(async () => {
  await prisma.visionExample.deleteMany();
});

const available = hasGroceryPhotos && existsSync(path.join(TRAIN_DIR, COOKS_BANANA));
describe.skipIf(explainSkip("the photo confirmation tests", available, "../shared/data/images/grocery-dev and -train"))(
  "a photo's guesses wait for the cook to confirm them",
  () => {
    it("answers each item with up to two alternatives, and adds nothing to the list before the cook confirms", async () => {
      const photo = await sendPhoto("Banana/Banana_001.jpg");
      expect(photo.status).toBe(200);
      const [banana] = photo.ingredients;
      expect(banana).toMatchObject({
        ingredient_name: "banana",
        ingredient_type: "Fruit",
        source: "camera",
        sure: true,
      });
      expect(banana.alternatives.length).toBeGreaterThanOrEqual(1);
      expect(banana.alternatives.length).toBeLessThanOrEqual(2);
      for (const alternative of banana.alternatives) {
        expect(Object.keys(alternative).sort()).toEqual(["ingredient_name", "ingredient_type"]);
        expect(alternative.ingredient_name).not.toBe("banana");
      }
      expect(await listed(photo.cookie)).toEqual([]);
      expect(await waiting(photo.cookie)).toEqual([
        {
          name: "banana",
          type: "Fruit",
          alternatives: banana.alternatives.map(({ ingredient_name, ingredient_type }) => ({
            name: ingredient_name,
            type: ingredient_type,
          })),
          unsure: false,
        },
      ]);

      const confirmed = await postToCamera({ intent: "confirm", "item-0": "banana" }, photo.cookie);
      expect(confirmed.response.status).toBe(302);
      expect(confirmed.response.headers.get("Location")).toBe("/ingredient-preview");
      expect(await listed(confirmed.cookie)).toEqual([{ name: "banana", source: "camera" }]);
      expect(await waiting(confirmed.cookie)).toBeNull();
      // the guess the cook confirmed teaches nothing
      expect(await prisma.visionExample.count()).toBe(0);
    });

    it("a guess the cook picks over the first one is listed, and the same photo is then named by it (learning on top of the trained head)", async () => {
      const photo = await sendPhoto(COOKS_BANANA, null, ownPhoto(COOKS_BANANA));
      const [first] = photo.ingredients;
      expect(first.ingredient_name).toBe("banana");
      const picked = first.alternatives[0].ingredient_name;
      const confirmed = await postToCamera({ intent: "confirm", "item-0": picked }, photo.cookie);
      expect(confirmed.response.status).toBe(302);
      expect(await listed(confirmed.cookie)).toEqual([{ name: picked, source: "camera" }]);
      const lessons = await prisma.visionExample.findMany({ include: { ingredient: true }, orderBy: { id: "asc" } });
      expect(lessons.map(({ ingredient, negative }) => [ingredient.name, negative])).toEqual([
        [first.ingredient_name, true],
        [picked, false],
      ]);

      const again = await sendPhoto(COOKS_BANANA, confirmed.cookie, ownPhoto(COOKS_BANANA));
      expect(again.ingredients[0].ingredient_name).toBe(picked);
      expect(again.ingredients.map(({ ingredient_name }) => ingredient_name)).not.toContain("banana");
      // one correction does not rename every banana: another photo of one is still a banana
      const another = await sendPhoto("Banana/Banana_002.jpg", confirmed.cookie);
      expect(another.ingredients[0].ingredient_name).toBe("banana");
    });

    it("a photo it is unsure of still offers its three best guesses, none chosen, and the cook's pick is listed", async () => {
      // an orange in black and white: no guess reaches the bar to be chosen for the cook, but the orange is offered
      const photo = await sendPhoto(GREY_ORANGE, null, await greyscale(GREY_ORANGE));
      expect(photo.status).toBe(200);
      expect(photo.ingredients).toHaveLength(1);
      const [unsure] = photo.ingredients;
      expect(unsure.sure).toBe(false);
      const offered = [unsure, ...unsure.alternatives].map(({ ingredient_name }) => ingredient_name);
      expect(offered).toHaveLength(3);
      expect(offered).toContain("orange");
      expect(await waiting(photo.cookie)).toEqual([expect.objectContaining({ unsure: true })]);

      // confirming without a pick adds nothing
      const nothing = await postToCamera({ intent: "confirm" }, photo.cookie);
      expect(nothing.response.status).toBe(422);
      expect(await nothing.response.json()).toEqual({ failure: NOTHING_CHOSEN });
      expect(await listed(photo.cookie)).toEqual([]);

      const picked = await postToCamera({ intent: "confirm", "item-0": "orange" }, photo.cookie);
      expect(picked.response.status).toBe(302);
      expect(await listed(picked.cookie)).toEqual([{ name: "orange", source: "camera" }]);
    });

    it("a photo of nothing it knows offers nothing, unsure or not", async () => {
      const card = await sharp({ create: { width: 200, height: 150, channels: 3, background: "#8a8f8c" } })
        .jpeg()
        .toBuffer();
      const photo = await sendPhoto("grey card", null, card);
      expect(photo.status).toBe(200);
      expect(photo.ingredients).toEqual([]);
      expect(await waiting(photo.cookie)).toBeNull();
    });

    it("'none of these' with a typed name lists that name; left blank, the item is left out", async () => {
      const photo = await sendPhoto("Banana/Banana_001.jpg");
      const confirmed = await postToCamera({ intent: "confirm", "item-0": "", "typed-0": "plantain" }, photo.cookie);
      expect(confirmed.response.status).toBe(302);
      expect(await listed(confirmed.cookie)).toEqual([{ name: "plantain", source: "camera" }]);

      const other = await sendPhoto("Banana/Banana_002.jpg");
      const blank = await postToCamera({ intent: "confirm", "item-0": "", "typed-0": "  " }, other.cookie);
      expect(blank.response.status).toBe(422);
      expect(await blank.response.json()).toEqual({ failure: NOTHING_CHOSEN });
      expect(await listed(other.cookie)).toEqual([]);
    });

    it("refuses a choice that was not offered or a name too long, changing nothing", async () => {
      const photo = await sendPhoto("Banana/Banana_001.jpg");
      const forged = await postToCamera({ intent: "confirm", "item-0": "caviar" }, photo.cookie);
      expect(forged.response.status).toBe(422);
      expect(await forged.response.json()).toEqual({ failure: CHOICE_NOT_OFFERED });
      const long = await postToCamera({ intent: "confirm", "item-0": "", "typed-0": "x".repeat(61) }, photo.cookie);
      expect(long.response.status).toBe(422);
      expect(await listed(photo.cookie)).toEqual([]);
      expect(await waiting(photo.cookie)).not.toBeNull();
    });

    it("Retake forgets the guesses; a confirm with none waiting says so", async () => {
      const photo = await sendPhoto("Banana/Banana_001.jpg");
      const retake = await postToCamera({ intent: "retake" }, photo.cookie);
      expect(retake.response.status).toBe(302);
      expect(retake.response.headers.get("Location")).toBe("/camera");
      expect(await waiting(retake.cookie)).toBeNull();
      const late = await postToCamera({ intent: "confirm", "item-0": "banana" }, retake.cookie);
      expect(late.response.status).toBe(409);
      expect(await late.response.json()).toEqual({ failure: GUESSES_GONE });
      expect(await listed(retake.cookie)).toEqual([]);
    });
  }
);
