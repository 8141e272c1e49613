import { describe, expect, it } from "vitest";
import { CommentSchema, DishPostSchema } from "~/domain/community-schemas";
import { ReviewSchema } from "~/domain/review-schema";
import { hasVisibleCharacters, normalizeEmail, stripBidiControls, usernameKey } from "~/domain/text-safety";
import { COMMUNITY_MESSAGES } from "~/domain/community";
import { SearchActionSchema } from "~/domain/pantry-schemas";
import { NAME_REQUIRED_MESSAGE } from "~/domain/pantry";

describe("stripBidiControls", () => {
  it("removes embeddings, overrides and isolates so text reads as stored", () => {
    expect(stripBidiControls("my \u202Egnp.exe")).toBe("my gnp.exe");
    expect(stripBidiControls("\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069ok")).toBe("ok");
  });

  it("keeps right-to-left prose and its marks", () => {
    expect(stripBidiControls("שלום\u200F עולם")).toBe("שלום\u200F עולם");
  });
});

describe("normalizeEmail", () => {
  it("makes fullwidth, capitalised and padded forms of one address the same", () => {
    expect(normalizeEmail(" ａlice@Example.COM ")).toBe("alice@example.com");
    expect(normalizeEmail("alice@example.com\u200E")).toBe("alice@example.com");
  });
});

describe("usernameKey", () => {
  it("is one key for names differing only in case or width", () => {
    expect(new Set(["alice", "Alice", "ALICE", "ａlice"].map(usernameKey))).toEqual(new Set(["alice"]));
    expect(usernameKey("bob_2")).not.toBe(usernameKey("alice"));
  });
});

describe("the forms that take text others see", () => {
  it("store comments, captions and reviews without bidi controls", () => {
    expect(CommentSchema.parse({ comment_text: "nice \u202Eevil" }).comment_text).toBe("nice evil");
    expect(DishPostSchema.parse({ caption: "\u2066dinner\u2069" }).caption).toBe("dinner");
    expect(ReviewSchema.parse({ user_id: 1, menu_id: 1, rating: 4, comment: "\u202Dgood" }).comment).toBe("good");
  });

  it("count a comment of only bidi controls as blank", () => {
    expect(CommentSchema.safeParse({ comment_text: "\u202E\u202E" }).success).toBe(false);
  });
});

describe("hasVisibleCharacters", () => {
  it.each(["\u202e", "\u200b", "\u200b\u200d\ufeff", " \u2066\u2069 ", "\u3164", "\u00ad", "\u3000"])(
    "%j shows nothing",
    (text) => expect(hasVisibleCharacters(text)).toBe(false)
  );
  it.each(["Egg", "\u202eEgg", "نان", "卵", "½", "🍳"])("%j shows something", (text) =>
    expect(hasVisibleCharacters(text)).toBe(true)
  );
});

describe("required names and texts that show nothing", () => {
  it("refuses a pantry name or a comment of only invisible characters with the field's message", () => {
    const name = SearchActionSchema.safeParse({ intent: "add", name: "\u200b" });
    expect(name.error?.issues[0].message).toBe(NAME_REQUIRED_MESSAGE);
    const comment = CommentSchema.safeParse({ comment_text: "\u202e\u200b" });
    expect(comment.error?.issues[0].message).toBe(COMMUNITY_MESSAGES.commentBlank);
  });
});
