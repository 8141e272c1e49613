/**
 * Names the recogniser meets, as catalogue ingredients: the ImageNet classes of the embedded classifier that
 * show a food a cook would list, and the class names of labelled photo folders (`npm run vision:learn`).
 */
import { nameKey, type Catalogue, type CatalogueIngredient } from "./catalogue";

/**
 * ImageNet class (as in the model's labels.json) → catalogue ingredient name. Only classes whose picture is
 * that ingredient, or a dish that is mostly it (mashed potato, guacamole); animals, dishes of many things and
 * containers (carton, pop bottle) are left out: the learned examples cover what ImageNet does not know.
 */
export const IMAGENET_INGREDIENTS: Readonly<Record<string, string>> = {
  "Granny Smith": "apple",
  orange: "orange",
  lemon: "lemon",
  fig: "fig",
  pineapple: "pineapple",
  banana: "banana",
  jackfruit: "jackfruit",
  pomegranate: "pomegranate",
  strawberry: "strawberry",
  corn: "corn",
  ear: "corn",
  "bell pepper": "bell pepper",
  "head cabbage": "cabbage",
  broccoli: "broccoli",
  cauliflower: "cauliflower",
  zucchini: "zucchini",
  "spaghetti squash": "squash",
  "acorn squash": "squash",
  "butternut squash": "butternut squash",
  cucumber: "cucumber",
  artichoke: "artichoke",
  mushroom: "mushroom",
  agaric: "mushroom",
  bolete: "mushroom",
  "hen-of-the-woods": "mushroom",
  "mashed potato": "potato",
  guacamole: "avocado",
  "French loaf": "baguette",
  bagel: "bagel",
  honeycomb: "honey",
  "red wine": "red wine",
  espresso: "coffee",
  "ice cream": "ice cream",
  hotdog: "hot dog",
  coho: "salmon",
  "American lobster": "lobster",
  "spiny lobster": "lobster",
  "Dungeness crab": "crab",
  "rock crab": "crab",
  "king crab": "crab",
};

/**
 * Class names of labelled photo sets that the catalogue's own matcher would read differently (a "pepper" in a
 * vegetable crate is a bell pepper, not black pepper), by name key.
 */
export const CLASS_NAME_INGREDIENTS: Readonly<Record<string, string>> = {
  pepper: "bell pepper",
  oatghurt: "yogurt",
  soyghurt: "yogurt",
  "sour milk": "buttermilk",
};

/**
 * The catalogue ingredient a photo-set class names ("Red-Beet" → beetroot, "Pepper" → bell pepper), or null
 * when the catalogue has no such ingredient ("Juice").
 */
export function ingredientOfClassName(catalogue: Catalogue, className: string): CatalogueIngredient | null {
  const text = className.replace(/[-_]+/g, " ").trim();
  if (!text) return null;
  const override = CLASS_NAME_INGREDIENTS[nameKey(text)];
  if (override) return catalogue.byName(override);
  return catalogue.find(text) ?? catalogue.match(text);
}

/**
 * Fine classes of labelled photo sets that name a more specific ingredient than their coarse class and that the
 * catalogue cannot read from the name alone (a brand's carton), by name key. Fine classes the catalogue knows
 * by name ("Sweet-Potato", "Watermelon", "Cantaloupe") need no entry.
 */
export const FINE_CLASS_INGREDIENTS: Readonly<Record<string, string>> = {
  "bravo apple juice": "apple juice",
  "god morgon apple juice": "apple juice",
  "tropicana apple juice": "apple juice",
  "bravo orange juice": "orange juice",
  "god morgon orange juice": "orange juice",
  "tropicana juice smooth": "orange juice",
  "tropicana mandarin morning": "orange juice",
  "god morgon orange red grapefruit juice": "grapefruit juice",
  "god morgon red grapefruit juice": "grapefruit juice",
  "tropicana golden grapefruit": "grapefruit juice",
};

/**
 * The most specific catalogue ingredient a labelled photo shows: its fine class when the catalogue knows it by
 * that name ("Sweet-Potato" → sweet potato, not potato) or the table names it, else its coarse class.
 */
export function ingredientOfPhoto(catalogue: Catalogue, photo: Pick<LabelledPhoto, "fineClass" | "coarseClass">) {
  const fine = photo.fineClass.replace(/[-_]+/g, " ").trim();
  const named = FINE_CLASS_INGREDIENTS[nameKey(fine)];
  if (named) return catalogue.byName(named);
  return (fine && catalogue.find(fine)) || ingredientOfClassName(catalogue, photo.coarseClass);
}

/** One line of a labelled photo folder's labels.csv. */
export interface LabelledPhoto {
  file: string;
  fineClass: string;
  coarseClass: string;
}

export const LABELS_HEADER = "file,fine_class,coarse_class";

/** Comma-separated fields; a field may be double-quoted (with "" for a quote inside). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === "," && !quoted) {
      fields.push(field);
      field = "";
    } else {
      field += char;
    }
  }
  return [...fields, field].map((value) => value.trim());
}

/**
 * The photos a labels.csv lists (header `file,fine_class,coarse_class`, the layout of
 * ../shared/data/images/grocery-dev), and the line numbers of lines that lack a file or coarse class.
 */
export function parseLabelsCsv(text: string): { photos: LabelledPhoto[]; badLines: number[] } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = csvFields(lines[0] ?? "").map((name) => name.toLowerCase());
  const column = (name: string) => header.indexOf(name);
  if (column("file") === -1 || column("coarse_class") === -1) {
    throw new Error(`labels.csv must start with the header line "${LABELS_HEADER}"`);
  }
  const photos: LabelledPhoto[] = [];
  const badLines: number[] = [];
  lines.slice(1).forEach((line, index) => {
    if (!line.trim()) return;
    const fields = csvFields(line);
    const photo = {
      file: fields[column("file")] ?? "",
      fineClass: fields[column("fine_class")] ?? "",
      coarseClass: fields[column("coarse_class")] ?? "",
    };
    if (photo.file && photo.coarseClass) photos.push(photo);
    else badLines.push(index + 2);
  });
  return { photos, badLines };
}
