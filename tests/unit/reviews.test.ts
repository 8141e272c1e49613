import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MAX_COMMENT_LENGTH, ReviewSchema } from "~/domain/review-schema";
import { reviewDate, roundedStars, summarizeRatings } from "~/domain/reviews";

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.set(key, value);
  return parseWithZod(formData, { schema: ReviewSchema });
}
const errorsOf = (fields: Record<string, string>) => {
  const submission = parse(fields);
  return submission.status === "success" ? {} : submission.error;
};

describe("review schema", () => {
  it("accepts a rating and a comment, trimming the comment", () => {
    const submission = parse({ menu_id: "7", rating: "4", comment: "  Lovely and quick.  " });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      menu_id: 7,
      rating: 4,
      comment: "Lovely and quick.",
    });
  });

  it("asks for a star rating and a comment with the spec's messages", () => {
    expect(errorsOf({ menu_id: "7", rating: "", comment: "" })).toEqual({
      rating: ["Please give a star rating."],
      comment: ["Please comment."],
    });
  });

  it("treats a comment of spaces and line breaks as no comment", () => {
    expect(errorsOf({ menu_id: "7", rating: "5", comment: "  \n\t " })).toEqual({ comment: ["Please comment."] });
  });

  it.each(["0", "6", "3.5", "-1", "five"])("refuses the rating %s", (rating) => {
    expect(errorsOf({ menu_id: "7", rating, comment: "ok" })).toEqual({ rating: ["Please give a star rating."] });
  });

  it("limits the comment length with a clear message", () => {
    expect(errorsOf({ menu_id: "7", rating: "5", comment: "a".repeat(MAX_COMMENT_LENGTH) })).toEqual({});
    expect(errorsOf({ menu_id: "7", rating: "5", comment: "a".repeat(MAX_COMMENT_LENGTH + 1) })).toEqual({
      comment: [`Comment must not exceed ${MAX_COMMENT_LENGTH} characters`],
    });
  });

  it.each(["0", "2147483648", "1.5"])(
    "refuses the menu id %s (beyond a database id it would fail on PostgreSQL)",
    (recipeId) => {
      expect(errorsOf({ menu_id: recipeId, rating: "5", comment: "ok" })).toEqual({
        menu_id: ["A menu id is needed."],
      });
    }
  );

  it("needs the menu id", () => {
    expect(errorsOf({ rating: "5", comment: "ok" })).toEqual({ menu_id: ["A menu id is needed."] });
    expect(errorsOf({ menu_id: "abc", rating: "5", comment: "ok" })).toEqual({ menu_id: ["A menu id is needed."] });
  });
});

describe("rating summary", () => {
  it("counts each star and its share of the reviews", () => {
    const summary = summarizeRatings([5, 5, 4, 1]);
    expect(summary).toMatchObject({
      sum_rating: 15,
      avg_rating: 3.75,
      rate_5: 2,
      rate_4: 1,
      rate_3: 0,
      rate_2: 0,
      rate_1: 1,
      percent_rate_5: 50,
      percent_rate_4: 25,
      percent_rate_3: 0,
      percent_rate_1: 25,
      review_lenght: 4,
    });
  });

  it("rounds thirds to two decimals and keeps the shares adding up to about 100", () => {
    const summary = summarizeRatings([5, 4, 4]);
    expect(summary.avg_rating).toBe(4.33);
    expect(summary.percent_rate_5).toBe(33.33);
    expect(summary.percent_rate_4).toBe(66.67);
  });

  it("is all zeros without reviews (no division by zero)", () => {
    const summary = summarizeRatings([]);
    expect(summary.avg_rating).toBe(0);
    expect(summary.review_lenght).toBe(0);
    expect([1, 2, 3, 4, 5].map((star) => summary[`percent_rate_${star}` as "percent_rate_1"])).toEqual([0, 0, 0, 0, 0]);
  });

  it.each([
    [0, 0],
    [1.49, 1],
    [2.5, 3],
    [3.75, 4],
    [4.33, 4],
    [4.5, 5],
    [5, 5],
  ])("shows an average of %s as %s whole stars", (average, stars) => {
    expect(roundedStars(average)).toBe(stars);
  });
});

describe("review date", () => {
  it("shows the date part of the updated time as dd/mm/yyyy", () => {
    expect(reviewDate({ created_at: "2024-01-02T10:00:00.000Z", updated_at: "2024-03-09T23:59:00.000Z" })).toBe(
      "09/03/2024"
    );
  });
  it("falls back to the created time, then to 'No date'", () => {
    expect(reviewDate({ created_at: "2023-12-31T00:00:00.000Z", updated_at: null })).toBe("31/12/2023");
    expect(reviewDate({ created_at: null, updated_at: null })).toBe("No date");
    expect(reviewDate({ created_at: "not a date", updated_at: "" })).toBe("No date");
  });
});
