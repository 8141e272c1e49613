-- A pantry per cook, its items referencing the pantry (not the user), with amount, unit, place and dates.
-- The rows of UserIngredient move over, their place and best-before stay empty (estimated when read) and
-- their added day is the day they were created.

-- CreateTable
CREATE TABLE "Pantry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ownerUserId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Pantry_ownerUserId_fkey" FOREIGN KEY ("ownerUserId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PantryItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "pantryId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'manual',
    "captureId" TEXT,
    "quantity" REAL,
    "unit" TEXT,
    "storage" TEXT,
    "addedOn" TEXT NOT NULL,
    "bestBefore" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PantryItem_pantryId_fkey" FOREIGN KEY ("pantryId") REFERENCES "Pantry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Pantry_ownerUserId_key" ON "Pantry"("ownerUserId");

-- CreateIndex
CREATE UNIQUE INDEX "PantryItem_pantryId_nameKey_key" ON "PantryItem"("pantryId", "nameKey");

-- Move the rows
INSERT INTO "Pantry" ("ownerUserId") SELECT DISTINCT "userId" FROM "UserIngredient" ORDER BY "userId";

INSERT INTO "PantryItem" ("pantryId", "name", "nameKey", "type", "source", "captureId", "addedOn", "createdAt")
SELECT "Pantry"."id", u."name", u."nameKey", u."type", u."source", u."captureId",
       CASE WHEN typeof(u."createdAt") IN ('integer', 'real')
            THEN strftime('%Y-%m-%d', u."createdAt" / 1000, 'unixepoch')
            ELSE substr(u."createdAt", 1, 10) END,
       u."createdAt"
FROM "UserIngredient" u JOIN "Pantry" ON "Pantry"."ownerUserId" = u."userId"
ORDER BY u."id";

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "UserIngredient";
PRAGMA foreign_keys=on;
