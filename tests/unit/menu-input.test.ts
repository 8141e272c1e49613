import { describe, expect, it } from "vitest";
import { ImageAddressSchema, menuDraft, MenuInputSchema } from "~/domain/menu-input";

describe("a menu sent by a client", () => {
  const menu = MenuInputSchema.parse({
    menu_name: "  Lentil Soup ",
    ingredients_quantity: { " red lentil ": "200 g", "olive oil": "2 tbsp", onion: "1" },
    ingredients_type: { "olive oil": "miscellaneous items", onion: "Fruit" },
    steps: ["Simmer everything for 25 minutes."],
    cuisines: ["Middle Eastern"],
  });

  it("becomes a user recipe owned by the sender, seasonings marked by 'miscellaneous items'", () => {
    expect(menuDraft(menu, 7)).toEqual({
      name: "Lentil Soup",
      cuisines: ["Middle Eastern"],
      occasions: [],
      prepTime: null,
      cookingTime: null,
      servings: 1,
      ingredients: [
        { name: "red lentil", quantity: "200 g" },
        { name: "olive oil", quantity: "2 tbsp", seasoning: true },
        // Other types are the catalogue's to decide, not the client's.
        { name: "onion", quantity: "1" },
      ],
      steps: ["Simmer everything for 25 minutes."],
      tips: [],
      image: null,
      origin: "user",
      importedById: 7,
      shared: false,
    });
  });

  it("drops the nutrition it sent", () => {
    const parsed = MenuInputSchema.parse({ ...menu, menu_name: "x", nutrition: { calories: 1 } });
    expect(parsed).not.toHaveProperty("nutrition");
  });
});

describe("picture addresses", () => {
  it.each(["/uploads/dishes/4f2a.webp", "https://cdn.example/a.jpg", "https://example.com/p.png?size=2"])(
    "accept %s",
    (address) => {
      expect(ImageAddressSchema.safeParse(address).success).toBe(true);
    }
  );

  it.each([
    "javascript:alert(1)",
    // Another path of the app, which every viewer's browser would request (issue 26), the generated
    // illustration's path (the store sets it itself), and plain http (fetched from https addresses only).
    "/menu-detail/5",
    "/recipe-images/3.svg",
    "/uploads/avatars/a.webp",
    "/uploads/dishes/../../etc/passwd",
    "http://example.com/p.png?size=2",
    "//evil.example/a.png",
    "data:image/png;base64,AA",
    "ftp://example.com/a.png",
    "/a b.png",
    "\\\\server\\a.png",
    "picture.png",
    "",
  ])("refuse %j", (address) => {
    expect(ImageAddressSchema.safeParse(address).success).toBe(false);
  });
});
