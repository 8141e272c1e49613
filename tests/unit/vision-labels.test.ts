import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import {
  CLASS_NAME_INGREDIENTS,
  FINE_CLASS_INGREDIENTS,
  IMAGENET_INGREDIENTS,
  ingredientOfClassName,
  ingredientOfPhoto,
  parseLabelsCsv,
} from "~/domain/vision-labels";
import { explainSkip, GROCERY_DIR, hasGroceryPhotos, MODEL_DIR } from "../support/vision";

const catalogue = getCatalogue();

describe("the ImageNet → ingredient table", () => {
  it("names only catalogue ingredients", () => {
    const unknown = Object.values({ ...IMAGENET_INGREDIENTS, ...CLASS_NAME_INGREDIENTS }).filter(
      (name) => !catalogue.byName(name)
    );
    expect(unknown).toEqual([]);
  });

  it("covers the fruit and vegetables ImageNet knows", () => {
    expect(IMAGENET_INGREDIENTS["Granny Smith"]).toBe("apple");
    expect(IMAGENET_INGREDIENTS["head cabbage"]).toBe("cabbage");
    expect(IMAGENET_INGREDIENTS["bell pepper"]).toBe("bell pepper");
    expect(IMAGENET_INGREDIENTS.carton).toBeUndefined();
  });

  it("uses class names exactly as the committed model's labels.json spells them", () => {
    const labels = new Set(JSON.parse(readFileSync(path.join(MODEL_DIR, "labels.json"), "utf8")) as string[]);
    expect(Object.keys(IMAGENET_INGREDIENTS).filter((label) => !labels.has(label))).toEqual([]);
  });
});

describe("class names of labelled photo folders", () => {
  it("resolve through the catalogue, with the table for names it would read otherwise", () => {
    const of = (name: string) => ingredientOfClassName(catalogue, name)?.name ?? null;
    expect(of("Red-Beet")).toBe("beetroot");
    expect(of("Aubergine")).toBe("eggplant");
    expect(of("Carrots")).toBe("carrot");
    expect(of("Passion-Fruit")).toBe("passion fruit");
    expect(of("Pepper")).toBe("bell pepper");
    expect(of("Oatghurt")).toBe("yogurt");
    expect(of("Juice")).toBeNull();
    expect(of(" - ")).toBeNull();
  });

  it.skipIf(explainSkip("the grocery-dev class check", hasGroceryPhotos, "../shared/data/images/grocery-dev"))(
    "resolve for every grocery-dev coarse class but Juice",
    () => {
      const { photos } = parseLabelsCsv(readFileSync(path.join(GROCERY_DIR, "labels.csv"), "utf8"));
      const classes = [...new Set(photos.map((photo) => photo.coarseClass))];
      expect(classes.length).toBeGreaterThan(40);
      expect(classes.filter((name) => !ingredientOfClassName(catalogue, name))).toEqual(["Juice"]);
    }
  );
});

describe("the most specific ingredient of a labelled photo", () => {
  const of = (fineClass: string, coarseClass: string) =>
    ingredientOfPhoto(catalogue, { fineClass, coarseClass })?.name ?? null;

  it("takes the fine class when the catalogue knows it, else the coarse class", () => {
    expect(of("Sweet-Potato", "Potato")).toBe("sweet potato");
    expect(of("Floury-Potato", "Potato")).toBe("potato");
    expect(of("Watermelon", "Melon")).toBe("watermelon");
    expect(of("Galia-Melon", "Melon")).toBe("melon");
    expect(of("Lime", "Lime")).toBe("lime");
    expect(of("Satsumas", "Satsumas")).toBe("mandarin");
  });

  it("reads a brand's juice carton as its juice, and a plant milk as itself, never yogurt", () => {
    expect(of("Bravo-Apple-Juice", "Juice")).toBe("apple juice");
    expect(of("Tropicana-Golden-Grapefruit", "Juice")).toBe("grapefruit juice");
    expect(of("Tropicana-Mandarin-Morning", "Juice")).toBe("orange juice");
    expect(of("Oatly-Oat-Milk", "Oat-Milk")).toBe("oat milk");
    expect(of("Alpro-Fresh-Soy-Milk", "Soy-Milk")).toBe("soy milk");
    expect(of("Some-New-Juice", "Juice")).toBeNull();
  });

  it("names only catalogue ingredients in its table", () => {
    expect(Object.values(FINE_CLASS_INGREDIENTS).filter((name) => !catalogue.byName(name))).toEqual([]);
  });

  it.skipIf(explainSkip("the grocery-dev fine class check", hasGroceryPhotos, "../shared/data/images/grocery-dev"))(
    "resolves every grocery-dev photo",
    () => {
      const { photos } = parseLabelsCsv(readFileSync(path.join(GROCERY_DIR, "labels.csv"), "utf8"));
      expect(photos.filter((photo) => !ingredientOfPhoto(catalogue, photo)).map((photo) => photo.fineClass)).toEqual(
        []
      );
    }
  );
});

describe("labels.csv", () => {
  it("reads file, fine and coarse class, with Windows line ends, quotes and a byte-order mark", () => {
    const text =
      '\uFEFFfile,fine_class,coarse_class\r\nApple/a 1.jpg,Pink-Lady,Apple\r\n"Odd/b,2.jpg","He said ""hi""",Pear\r\n\r\n';
    expect(parseLabelsCsv(text)).toEqual({
      photos: [
        { file: "Apple/a 1.jpg", fineClass: "Pink-Lady", coarseClass: "Apple" },
        { file: "Odd/b,2.jpg", fineClass: 'He said "hi"', coarseClass: "Pear" },
      ],
      badLines: [],
    });
  });

  it("reports lines without a file or coarse class by number", () => {
    const { photos, badLines } = parseLabelsCsv("file,fine_class,coarse_class\na.jpg,x,Apple\n,x,Apple\nb.jpg,x,\n");
    expect(photos).toHaveLength(1);
    expect(badLines).toEqual([3, 4]);
  });

  it("refuses a file without the header", () => {
    expect(() => parseLabelsCsv("a.jpg,x,Apple\n")).toThrow(/file,fine_class,coarse_class/);
  });
});
