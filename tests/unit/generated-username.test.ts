import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SignupSchema } from "../../app/domain/auth-schemas";
import { usernameBase, usernameCandidate } from "../../app/domain/generated-username";

const signupUsername = SignupSchema.shape.username;

describe("usernameBase", () => {
  it("makes the person's name a username: accents dropped, other characters as one underscore", () => {
    expect(usernameBase("Ana María López", "ana@example.com")).toBe("Ana_Maria_Lopez");
    expect(usernameBase("  O'Brien-Smith, Jr. ", "x@example.com")).toBe("O_Brien_Smith_Jr");
  });

  it("cuts long names to 20 characters without a trailing underscore", () => {
    expect(usernameBase("Maximilian Alexander von Habsburg", "m@example.com")).toBe("Maximilian_Alexander");
    expect(usernameBase("Bartholomew Fitzgerald Jones", "b@example.com")).toBe("Bartholomew_Fitzgera");
    expect(usernameBase("Christopher Columbus Smith", "c@example.com")).toBe("Christopher_Columbus");
    expect(usernameBase("Abcdefghijklmnopqrs tuv", "c@example.com")).toBe("Abcdefghijklmnopqrs");
  });

  it("falls back to the email's local part, then to 'cook', when the name gives fewer than 3 characters", () => {
    expect(usernameBase("李小龍", "bruce.lee@example.com")).toBe("bruce_lee");
    expect(usernameBase(null, "jo@example.com")).toBe("cook");
    expect(usernameBase("Al", "al+food@example.com")).toBe("al_food");
  });
});

describe("usernameCandidate", () => {
  it("is the base first, then the base with _2, _3... cut to fit 20 characters", () => {
    expect(usernameCandidate("Zoe_Tan", 1)).toBe("Zoe_Tan");
    expect(usernameCandidate("Zoe_Tan", 2)).toBe("Zoe_Tan_2");
    expect(usernameCandidate("Maximilian_Alexander", 12)).toBe("Maximilian_Alexan_12");
    expect(usernameCandidate("Abcdefghijklmnopq_yz", 2)).toBe("Abcdefghijklmnopq_2");
  });

  it("always satisfies the signup username rules, and differs for every n", () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ maxLength: 60 })),
        fc.emailAddress(),
        fc.integer({ min: 1, max: 99_999 }),
        (name, email, n) => {
          const base = usernameBase(name, email);
          const candidate = usernameCandidate(base, n);
          expect(signupUsername.safeParse(candidate).success).toBe(true);
          if (n > 1) expect(candidate).not.toBe(usernameCandidate(base, n - 1));
        }
      )
    );
  });
});
