import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { LoginSchema, safeRedirectPath, SignupSchema } from "~/domain/auth-schemas";

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.set(key, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === "success" ? {} : submission.error;
}

describe("login schema", () => {
  it("accepts a short but valid login", () => {
    expect(errorsOf(LoginSchema, { username: "ana", password: "abcd" })).toEqual({});
  });
  it("reports an empty password as required", () => {
    expect(errorsOf(LoginSchema, { username: "ana", password: "" })).toEqual({ password: ["Password is required"] });
  });
});

describe("signup schema", () => {
  it("accepts a 20-character username and a strong password", () => {
    expect(errorsOf(SignupSchema, { username: "a".repeat(20), email: "a@b.co", password: "Abcdefg1" })).toEqual({});
  });
  it("needs every kind of character in the password", () => {
    for (const password of ["ABCDEFG1", "abcdefg1", "Abcdefgh"]) {
      expect(errorsOf(SignupSchema, { username: "ana", email: "a@b.co", password })?.password).toEqual([
        "Password must contain uppercase, lowercase, and number",
      ]);
    }
  });
});

describe("safeRedirectPath", () => {
  it("keeps paths on this site and drops everything else", () => {
    expect(safeRedirectPath("/menu-detail/3?x=1")).toBe("/menu-detail/3?x=1");
    expect(safeRedirectPath("//evil.example")).toBe("/home");
    expect(safeRedirectPath("/\\evil.example")).toBe("/home");
    expect(safeRedirectPath("https://evil.example")).toBe("/home");
    expect(safeRedirectPath(null)).toBe("/home");
  });
});
