import { describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";

describe("text with a NUL character", () => {
  it("is stored whole without the NUL (PostgreSQL refuses it, SQLite cuts the text there) instead of failing", async () => {
    await prisma.ingredientPopularity.create({ data: { name: "to\u0000mato", count: 1 } });
    const rows = await prisma.ingredientPopularity.findMany({ where: { name: { startsWith: "to" } } });
    expect(rows.map((row) => row.name)).toEqual(["tomato"]);
  });
});
