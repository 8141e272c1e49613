import { describe, expect, it } from "vitest";
import { deliveryApps, shoppingSearchQuery } from "~/domain/delivery-apps";

describe("delivery apps", () => {
  it("hands the list over as one search, each name once, in list order", () => {
    expect(shoppingSearchQuery(["Chicken thigh", " lemon ", "chicken thigh", "", "Garlic"])).toBe(
      "Chicken thigh, lemon, Garlic"
    );
  });

  it("offers two apps whose search addresses carry the list, encoded", () => {
    const apps = deliveryApps(["soy sauce", "pak choi & ginger"]);
    expect(apps.map((app) => app.name)).toEqual(["Instacart", "Amazon Fresh"]);
    for (const app of apps) {
      const url = new URL(app.url);
      expect(url.protocol).toBe("https:");
      expect(url.searchParams.get("k")).toBe("soy sauce, pak choi & ginger");
    }
    expect(new URL(apps[1].url).searchParams.get("i")).toBe("amazonfresh");
  });
});
