import { expect, test } from "@playwright/test";

// The JSON calls on the same paths as the screens (POST /login, /signup), over real HTTP.
test.describe("JSON auth calls", () => {
  const username = `api_${Date.now() % 1_000_000}`;

  test("signup, login and errors answer with the spec's shapes", async ({ request }) => {
    const created = await request.post("/signup", {
      data: { username, email: `${username}@example.com`, password: "Secret123" },
    });
    expect(created.status()).toBe(201);
    expect(await created.json()).toMatchObject({ message: "Account created successfully." });

    const taken = await request.post("/signup", {
      data: { username, email: `x${username}@example.com`, password: "Secret123" },
    });
    expect(taken.status()).toBe(409);
    expect(await taken.json()).toEqual({ field: "username", message: "Username is already taken" });

    const wrong = await request.post("/login", { data: { username, password: "Wrong1234" } });
    expect(wrong.status()).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid username or password" });

    const login = await request.post("/login", { data: { username, password: "Secret123" } });
    expect(login.status()).toBe(200);
    const body = await login.json();
    expect(body).toEqual({ user_id: expect.any(Number), message: "Login successfully" });
    // plain http here: HttpOnly and SameSite, but not Secure (https marks it Secure; http-bootstrap.test)
    expect(login.headers()["set-cookie"]).toMatch(/__session=.*HttpOnly.*SameSite=Lax/i);
    expect(login.headers()["set-cookie"]).not.toMatch(/Secure/i);
    expect(login.headers()["content-type"]).toContain("application/json");
  });

  test("a malformed body gets a 400 with a message, not a 500", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { "Content-Type": "application/json" },
      data: Buffer.from("{oops"),
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ message: "Request body must be valid JSON" });
  });

  test("pages run inline scripts only with the response's CSP nonce", async ({ request }) => {
    const response = await request.get("/login");
    const csp = response.headers()["content-security-policy"] ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  test("a write from another site is refused with a 403", async ({ request }) => {
    for (const path of ["/login", "/signup", "/logout"]) {
      const response = await request.post(path, {
        headers: { Origin: "https://evil.example" },
        form: { username, password: "Secret123" },
      });
      expect(response.status(), path).toBe(403);
      expect(await response.json()).toEqual({ message: "Cross-site request refused" });
    }
  });
});
