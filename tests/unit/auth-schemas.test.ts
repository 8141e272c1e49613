import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  LoginSchema,
  NewPasswordFormSchema,
  NewPasswordSchema,
  ResetRequestSchema,
  safeRedirectPath,
  SignupSchema,
} from "~/domain/auth-schemas";

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

describe("password reset schemas", () => {
  it("asks for a valid email before sending a link", () => {
    expect(errorsOf(ResetRequestSchema, { email: "" })).toEqual({ email: ["Email is required"] });
    expect(errorsOf(ResetRequestSchema, { email: "cook@home" })).toEqual({
      email: ["Please enter a valid email address"],
    });
    expect(errorsOf(ResetRequestSchema, { email: " cook@example.com " })).toEqual({});
  });

  it("holds a new password to the signup rules", () => {
    const form = (password: string) =>
      errorsOf(NewPasswordFormSchema, { token: "t", password, confirmPassword: password });
    expect(form("Ab1")).toEqual({ password: ["Password must be at least 8 characters"] });
    expect(form("abcdefgh1")).toEqual({ password: ["Password must contain uppercase, lowercase, and number"] });
    expect(form("Abcdefg1")).toEqual({});
  });

  it("needs the password confirmed, and the same twice", () => {
    expect(errorsOf(NewPasswordFormSchema, { token: "t", password: "Abcdefg1" })).toEqual({
      confirmPassword: ["Please confirm your password"],
    });
    expect(errorsOf(NewPasswordFormSchema, { token: "t", password: "Abcdefg1", confirmPassword: "Abcdefg2" })).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
  });

  it("calls a missing token an invalid link", () => {
    expect(errorsOf(NewPasswordSchema, { password: "Abcdefg1" })).toEqual({
      token: ["This password reset link is invalid or has expired."],
    });
  });
});
