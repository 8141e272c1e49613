/**
 * Bodies built to make parsing slow — a hundred thousand repeated fields, long JSON lists, deep nesting, huge
 * fields, bytes that are not UTF-8 — are refused by the bounded reader with a clear message, quickly, before any
 * schema runs; forms of ordinary size are read as before (a file name with a semicolon included).
 * The time bounds are generous (the attacks took 3 to 110 s before); bench-free, they only catch the quadratic.
 */
import { describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { action as signupAction } from "~/routes/signup";
import { readImageForm } from "~/services/images.server";
import { formRequest, jsonRequest, run } from "../support/requests";
import { cameraJpeg } from "../support/images";

const ORIGIN = "http://localhost:3000";
const args = (request: Request) => ({ request, params: {}, context: {} });

const rawPost = (path: string, body: BodyInit, contentType: string) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { "Content-Type": contentType, Origin: ORIGIN } });

/** The action's answer and how long it took. */
async function timed(action: () => Promise<unknown>) {
  const started = performance.now();
  const response = await run(action);
  return { status: response.status, body: (await response.json()) as unknown, ms: performance.now() - started };
}

const QUICK_MS = 2_000;

describe("a form with many fields", () => {
  it("refuses the 100,000 repeated fields (1.3 MB) posted to /login with a 413 at once", async () => {
    const attack = rawPost("/login", "username=abc&".repeat(100_000), "application/x-www-form-urlencoded");
    const answer = await timed(() => loginAction(args(attack)));
    expect(answer).toMatchObject({ status: 413, body: { message: "Request body is too large" } });
    expect(answer.ms).toBeLessThan(QUICK_MS);
  });

  it("refuses 75,000 repeated fields within the size limit as too many fields, at once", async () => {
    const attack = rawPost("/login", "username=abc&".repeat(75_000), "application/x-www-form-urlencoded");
    const answer = await timed(() => loginAction(args(attack)));
    expect(answer).toMatchObject({ status: 413, body: { message: "The form has too many fields" } });
    expect(answer.ms).toBeLessThan(QUICK_MS);
  });

  it("refuses 2,000 values of one name, below the field count, as a list too long", async () => {
    const attack = rawPost("/login", "username=abc&".repeat(600) + "password=x", "application/x-www-form-urlencoded");
    const answer = await timed(() => loginAction(args(attack)));
    expect(answer).toMatchObject({ status: 413, body: { message: "A list in the request is too long" } });
  });

  it("refuses 100,000 multipart parts before parsing them", async () => {
    const part = '--XyZ\r\nContent-Disposition: form-data; name="caption"\r\n\r\na\r\n';
    const attack = rawPost("/setting", `${part.repeat(100_000)}--XyZ--\r\n`, "multipart/form-data; boundary=XyZ");
    const answer = await timed(async () => {
      try {
        return await readImageForm(attack);
      } catch (error) {
        return Response.json({ message: (error as Error).message }, { status: (error as { status: number }).status });
      }
    });
    expect(answer).toMatchObject({ status: 413, body: { message: "The form has too many fields" } });
    expect(answer.ms).toBeLessThan(QUICK_MS);
  });

  it("refuses one field over 64 KB with a 413", async () => {
    const answer = await timed(() =>
      loginAction(args(formRequest("/login", { username: "a".repeat(70_000), password: "x" })))
    );
    expect(answer).toMatchObject({ status: 413, body: { message: "A field of the form is too long" } });
  });

  it("still reads a form of ordinary size", async () => {
    const answer = await timed(() =>
      loginAction(args(formRequest("/login", { username: "nobody_here", password: "Secret123" })))
    );
    expect(answer.status).toBe(401);
  });
});

describe("a JSON body", () => {
  it("refuses a list of 20,000 items at once", async () => {
    const body = { username: Array.from({ length: 20_000 }, () => "abc"), password: "x" };
    const answer = await timed(() => loginAction(args(jsonRequest("/login", body))));
    expect(answer).toMatchObject({ status: 413, body: { message: "A list in the request is too long" } });
    expect(answer.ms).toBeLessThan(QUICK_MS);
  });

  it("refuses more than 1,000 keys and items in all, each list short", async () => {
    const body = Object.fromEntries(Array.from({ length: 5 }, (_, index) => [`f${index}`, Array(300).fill("x")]));
    const answer = await timed(() => signupAction(args(jsonRequest("/signup", body))));
    expect(answer).toMatchObject({ status: 413, body: { message: "The form has too many fields" } });
  });

  it("refuses nesting deeper than 16 levels, however deep, without running out of stack", async () => {
    for (const depth of [17, 200_000]) {
      const answer = await timed(() =>
        loginAction(args(jsonRequest("/login", `{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`)))
      );
      expect(answer, `depth ${depth}`).toMatchObject({
        status: 400,
        body: { message: "Request body is nested too deeply" },
      });
    }
  });

  it("refuses bytes that are not UTF-8 with a 400 instead of storing replacement characters", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"username":"caf'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('","password":"x"}'),
    ]);
    const answer = await timed(() => loginAction(args(rawPost("/login", bytes, "application/json"))));
    expect(answer).toMatchObject({ status: 400, body: { message: "Request body is not valid UTF-8 text" } });
  });
});

describe("a picture form", () => {
  it("accepts a file named my;photo.jpg", async () => {
    const form = new FormData();
    form.append("image", new File([new Uint8Array(await cameraJpeg())], "my;photo.jpg", { type: "image/jpeg" }));
    const read = await readImageForm(new Request(`${ORIGIN}/camera-share-dish`, { method: "POST", body: form }));
    expect((read.get("image") as File).name).toBe("my;photo.jpg");
  });
});
