import { describe, expect, it } from "vitest";
import { API_ROUTES, compileApiRoutes, matchApiCall } from "~/api/routes.server";
import { action, loader } from "~/routes/api.$";

/** The pattern and params the table gives `pathname`, or why it gives none. */
function resolve(pathname: string, routes = compileApiRoutes(API_ROUTES)) {
  const match = matchApiCall(pathname, routes);
  return match === null || match === "malformed" ? match : { pattern: match.route.pattern, params: match.params };
}

const request = (method: string, path: string) => new Request(`http://localhost${path}`, { method });

describe("the API table", () => {
  it("has one entry per pattern, each with a loader or an action", () => {
    expect(new Set(API_ROUTES.map((route) => route.pattern)).size).toBe(API_ROUTES.length);
    for (const { pattern, module } of API_ROUTES) expect(Boolean(module.loader ?? module.action), pattern).toBe(true);
  });

  it("prefers static segments where a pattern with params matches the same path, in any table order", () => {
    for (const routes of [compileApiRoutes(API_ROUTES), compileApiRoutes([...API_ROUTES].reverse())]) {
      expect(resolve("/api/menu-detail/12/reviews", routes)).toEqual({
        pattern: "menu-detail/:id/reviews",
        params: { id: "12" },
      });
      expect(resolve("/api/12/7/reviews", routes)).toEqual({
        pattern: ":recipeId/:userId/reviews",
        params: { recipeId: "12", userId: "7" },
      });
      expect(resolve("/api/auth/verify-reset-token/reviews", routes)).toEqual({
        pattern: "auth/verify-reset-token/:token",
        params: { token: "reviews" },
      });
      expect(resolve("/api/menus/by-name/Soup", routes)).toEqual({
        pattern: "menus/by-name/:name",
        params: { name: "Soup" },
      });
      expect(resolve("/api/menus/by-name", routes)).toEqual({
        pattern: "menus/:recipeId",
        params: { recipeId: "by-name" },
      });
      expect(resolve("/api/menus/12", routes)).toEqual({ pattern: "menus/:recipeId", params: { recipeId: "12" } });
      expect(resolve("/api/community/3/comments", routes)).toEqual({
        pattern: "community/:postId/comments",
        params: { postId: "3" },
      });
    }
  });

  it("matches as Remix did: any case, trailing slashes, nothing more or less", () => {
    expect(resolve("/API/Random-Menu")).toEqual({ pattern: "random-menu", params: {} });
    expect(resolve("/api/users/5/meal-stats/")).toEqual({ pattern: "users/:id/meal-stats", params: { id: "5" } });
    for (const unknown of [
      "/api",
      "/api/",
      "/api//random-menu",
      "/api/random-menu/extra",
      "/api/users/5/unknown",
      "/api/menus/by-name/x/y",
    ]) {
      expect(resolve(unknown), unknown).toBeNull();
    }
  });

  it("decodes each segment as Remix did, and tells a malformed escape apart", () => {
    expect(resolve("/api/menus/by-name/Cr%C3%A8me%20br%C3%BBl%C3%A9e")).toEqual({
      pattern: "menus/by-name/:name",
      params: { name: "Crème brûlée" },
    });
    expect(resolve("/api/menus/by-name/a%2Fb")).toEqual({ pattern: "menus/by-name/:name", params: { name: "a/b" } });
    expect(resolve("/api/menus/by-name/50%252F50")).toEqual({
      pattern: "menus/by-name/:name",
      params: { name: "50%2F50" },
    });
    expect(resolve("/api/%72andom-menu")).toEqual({ pattern: "random-menu", params: {} });
    expect(resolve("/api/menus/by-name/%E0%A4%A")).toBe("malformed");
    expect(resolve("/api/users/%ZZ")).toBe("malformed");
  });
});

describe("the /api/* route", () => {
  const answer = async (method: string, path: string) => {
    const args = { request: request(method, path), params: { "*": path.slice("/api/".length) }, context: {} };
    const response = await (method === "GET" || method === "HEAD" ? loader(args) : action(args));
    return { status: response.status, body: await response.json() };
  };

  it("answers an unknown call with a 404, whatever the method", async () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]) {
      expect(await answer(method, "/api/does-not-exist"), method).toEqual({
        status: 404,
        body: { message: "Not found" },
      });
    }
  });

  it("answers a write to a read-only call with a 405 and a read of a write-only call with a 400, as Remix did", async () => {
    expect(await answer("POST", "/api/random-menu")).toEqual({ status: 405, body: { message: "Use GET" } });
    expect(await answer("DELETE", "/api/users/5/meal-stats")).toEqual({ status: 405, body: { message: "Use GET" } });
    expect(await answer("GET", "/api/favorites")).toEqual({
      status: 400,
      body: { message: "GET is not supported by this call" },
    });
  });

  it("answers a malformed escape with a 400", async () => {
    expect(await answer("GET", "/api/menus/by-name/%E0%A4%A")).toEqual({
      status: 400,
      body: { message: "The address is not valid URL encoding" },
    });
  });
});
