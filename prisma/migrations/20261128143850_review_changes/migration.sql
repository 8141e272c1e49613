-- CreateTable
CREATE TABLE "ReviewChange" (
    "recipeId" INTEGER NOT NULL PRIMARY KEY,
    "version" BIGINT NOT NULL,
    "changedAt" BIGINT NOT NULL
);

-- CreateIndex
CREATE INDEX "ReviewChange_version_idx" ON "ReviewChange"("version");

-- CreateIndex
CREATE INDEX "ReviewChange_changedAt_idx" ON "ReviewChange"("changedAt");

-- A recipe whose reviews changed is written down with the version the change bumped the cookbook to, in the same
-- transaction, so every process's suggestions index re-reads that recipe's rating alone (decision 176). Rows over a
-- day old are dropped. A review moved to another recipe (never done by the app) writes both recipes down.
DROP TRIGGER "Review_inserted_bumps_cookbook_version";
CREATE TRIGGER "Review_inserted_bumps_cookbook_version" AFTER INSERT ON "Review"
BEGIN
  UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1;
  INSERT OR REPLACE INTO "ReviewChange" ("recipeId", "version", "changedAt")
    VALUES (NEW."recipeId", COALESCE((SELECT "version" FROM "CookbookVersion" WHERE "id" = 1), 0),
      CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
  DELETE FROM "ReviewChange"
    WHERE "changedAt" < CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 86400000;
END;
DROP TRIGGER "Review_updated_bumps_cookbook_version";
CREATE TRIGGER "Review_updated_bumps_cookbook_version" AFTER UPDATE ON "Review"
BEGIN
  UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1;
  INSERT OR REPLACE INTO "ReviewChange" ("recipeId", "version", "changedAt")
    SELECT "recipeId", COALESCE((SELECT "version" FROM "CookbookVersion" WHERE "id" = 1), 0),
      CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
    FROM (SELECT OLD."recipeId" AS "recipeId" UNION SELECT NEW."recipeId");
  DELETE FROM "ReviewChange"
    WHERE "changedAt" < CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 86400000;
END;
DROP TRIGGER "Review_deleted_bumps_cookbook_version";
CREATE TRIGGER "Review_deleted_bumps_cookbook_version" AFTER DELETE ON "Review"
BEGIN
  UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1;
  INSERT OR REPLACE INTO "ReviewChange" ("recipeId", "version", "changedAt")
    VALUES (OLD."recipeId", COALESCE((SELECT "version" FROM "CookbookVersion" WHERE "id" = 1), 0),
      CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
  DELETE FROM "ReviewChange"
    WHERE "changedAt" < CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 86400000;
END;
