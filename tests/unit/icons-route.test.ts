import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { loader } from "../../app/routes/icons.$name";

const get = (name: string) =>
  loader({
    params: { name },
    request: new Request(`http://localhost/icons/${name}`),
    context: {},
  } as LoaderFunctionArgs);

describe("GET /icons/<name>", () => {
  it("serves a known icon as cacheable SVG, with or without .svg", async () => {
    for (const name of ["tomato", "tomato.svg"]) {
      const response = get(name);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await response.text()).toMatch(/^<svg /);
    }
  });

  it("answers 404 for an unknown icon", () => {
    const response = get("no-such-icon");
    expect(response.status).toBe(404);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
