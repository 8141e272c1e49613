/**
 * The raw reads' values as this engine really answers them (CI runs this file on SQLite and on PostgreSQL): a count,
 * a BIGINT, a boolean, a date and an average come out of raw-row.server.ts as the model query reads them.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import {
  rawBigInt,
  rawBoolean,
  rawDate,
  rawNumber,
  rawNumberOrNull,
  type RawBoolean,
  type RawDate,
  type RawNumber,
} from "~/services/raw-row.server";
import { ownHousehold } from "~/services/cook.server";

describe("raw rows read back as the model reads them", () => {
  it("counts, BIGINTs, booleans, dates and averages", async () => {
    const user = await prisma.user.create({
      data: { username: "raw-reader", email: "raw-reader@example.com", household: ownHousehold("raw-reader") },
    });
    await prisma.householdMember.update({ where: { userId: user.id }, data: { suggestForEveryone: false } });
    const recipe = await prisma.recipe.create({ data: { name: "Raw soup", prepTime: 5 } });
    await prisma.review.create({ data: { userId: user.id, recipeId: recipe.id, rating: 4, comment: "Fine" } });

    const [row] = await prisma.$queryRaw<
      {
        recipes: RawNumber;
        version: RawNumber;
        everyone: RawBoolean;
        createdAt: RawDate;
        prepTime: RawNumber | null;
        cookingTime: RawNumber | null;
        rating: RawNumber;
      }[]
    >`
      SELECT (SELECT count(*) FROM "Recipe") AS "recipes",
        (SELECT "version" FROM "CookbookVersion" WHERE "id" = 1) AS "version",
        (SELECT "suggestForEveryone" FROM "HouseholdMember" WHERE "userId" = ${user.id}) AS "everyone",
        r."createdAt", r."prepTime", r."cookingTime",
        (SELECT avg("rating") FROM "Review" WHERE "recipeId" = r."id") AS "rating"
      FROM "Recipe" r WHERE r."id" = ${recipe.id}`;

    expect(rawNumber(row.recipes)).toBe(await prisma.recipe.count());
    const { version } = await prisma.cookbookVersion.findUniqueOrThrow({ where: { id: 1 } });
    expect(rawBigInt(row.version)).toBe(version);
    expect(rawBoolean(row.everyone)).toBe(false);
    expect(rawDate(row.createdAt).getTime()).toBe(recipe.createdAt.getTime());
    expect(rawNumberOrNull(row.prepTime)).toBe(5);
    expect(rawNumberOrNull(row.cookingTime)).toBeNull();
    expect(rawNumber(row.rating)).toBe(4);
  });
});
