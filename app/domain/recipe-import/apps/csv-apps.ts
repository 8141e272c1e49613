/**
 * Recipe apps' CSV exports, one recipe a row: Plan to Eat and My Recipe Box (and any CSV with a title and an
 * ingredients column). Columns are found by name, whatever their capitals.
 */
import { parse } from "csv-parse/sync";
import type { RawEntry, RawRecipe } from "../draft";
import { tagNames, textLines } from "./exported";

/** The column names each field goes by, in the apps' exports. */
const COLUMNS = {
  name: ["title", "name", "recipe name"],
  description: ["description"],
  course: ["course", "categories", "category"],
  cuisine: ["cuisine"],
  tags: ["tags", "keywords"],
  prepTime: ["prep time", "preparationtime", "prep_time"],
  cookingTime: ["cook time", "cookingtime", "cook_time"],
  totalTime: ["total time", "totaltime", "total_time"],
  yields: ["servings", "quantity", "yield"],
  ingredients: ["ingredients"],
  steps: ["directions", "instructions", "method"],
  notes: ["notes"],
  sourceUrl: ["url", "source", "source url"],
  image: ["photo url", "originalpicture", "image", "photo"],
} as const;

type Row = Record<string, string>;

/** A CSV export's header names the recipe's title and its ingredients. */
export function isRecipeCsv(text: string): boolean {
  const header = text
    .replace(/^\ufeff/, "")
    .split(/\r?\n/, 1)[0]
    .toLowerCase();
  const names = header.split(",").map((name) => name.trim().replace(/^"|"$/g, ""));
  return names.includes("ingredients") && COLUMNS.name.some((name) => names.includes(name));
}

/** Plan to Eat writes a section heading as a line with no quantity and no name: ", Heading". */
function csvIngredientLines(value: string): RawEntry[] {
  return textLines(value).map((line) => {
    const heading = line.match(/^,\s*(.+)$/);
    return heading ? { heading: heading[1] } : line;
  });
}

export function fromRecipeCsv(text: string, fileName: string): { item: string; raw: RawRecipe }[] {
  const rows: Row[] = parse(text, {
    bom: true,
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: 1024 * 1024,
  });
  return rows.map((row, index) => {
    const field = (names: readonly string[]) => names.map((name) => row[name]).find((value) => value?.trim()) ?? "";
    const tags = [field(COLUMNS.course), field(COLUMNS.cuisine), field(COLUMNS.tags)].flatMap(tagNames);
    const source = field(COLUMNS.sourceUrl);
    const name = field(COLUMNS.name);
    return {
      item: `${fileName} › ${name || `row ${index + 2}`}`,
      raw: {
        name,
        description: field(COLUMNS.description),
        cuisines: tags,
        occasions: tags,
        prepTime: field(COLUMNS.prepTime),
        cookingTime: field(COLUMNS.cookingTime),
        totalTime: field(COLUMNS.totalTime),
        yields: field(COLUMNS.yields),
        ingredientLines: csvIngredientLines(field(COLUMNS.ingredients)),
        steps: textLines(field(COLUMNS.steps)),
        tips: textLines(field(COLUMNS.notes)),
        image: field(COLUMNS.image),
        // Plan to Eat's Source is a name ("Manually entered source") when there is a Url column beside it
        sourceUrl: row.url?.trim() || source,
      },
    };
  });
}
