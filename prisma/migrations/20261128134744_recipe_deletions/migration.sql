-- CreateTable
CREATE TABLE "RecipeDeletion" (
    "recipeId" INTEGER NOT NULL PRIMARY KEY,
    "version" BIGINT NOT NULL,
    "deletedAt" BIGINT NOT NULL
);

-- CreateIndex
CREATE INDEX "RecipeDeletion_version_idx" ON "RecipeDeletion"("version");

-- CreateIndex
CREATE INDEX "RecipeDeletion_deletedAt_idx" ON "RecipeDeletion"("deletedAt");

-- A deleted recipe is written down with the version its deletion bumped the cookbook to, in the same transaction,
-- so every process's suggestions index takes it out in place (decision 173). Deletions over a day old are dropped.
DROP TRIGGER "Recipe_deleted_bumps_cookbook_version";
CREATE TRIGGER "Recipe_deleted_bumps_cookbook_version" AFTER DELETE ON "Recipe"
BEGIN
  UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1;
  INSERT OR REPLACE INTO "RecipeDeletion" ("recipeId", "version", "deletedAt")
    VALUES (OLD."id", COALESCE((SELECT "version" FROM "CookbookVersion" WHERE "id" = 1), 0),
      CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
  DELETE FROM "RecipeDeletion"
    WHERE "deletedAt" < CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 86400000;
END;
