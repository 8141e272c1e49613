-- CreateTable
CREATE TABLE "SessionLock" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT NOT NULL,
    "expiresAt" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "CookbookVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "version" BIGINT NOT NULL
);

-- The one row, and the triggers that bump it on every write of a recipe or a review, whoever writes.
INSERT INTO "CookbookVersion" ("id", "version") VALUES (1, 0);
CREATE TRIGGER "Recipe_inserted_bumps_cookbook_version" AFTER INSERT ON "Recipe"
BEGIN UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Recipe_updated_bumps_cookbook_version" AFTER UPDATE ON "Recipe"
BEGIN UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Recipe_deleted_bumps_cookbook_version" AFTER DELETE ON "Recipe"
BEGIN UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Review_inserted_bumps_cookbook_version" AFTER INSERT ON "Review"
BEGIN UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Review_updated_bumps_cookbook_version" AFTER UPDATE ON "Review"
BEGIN UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Review_deleted_bumps_cookbook_version" AFTER DELETE ON "Review"
BEGIN UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1; END;
