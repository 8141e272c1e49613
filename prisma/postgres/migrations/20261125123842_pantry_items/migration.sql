-- A pantry per cook, its items referencing the pantry (not the user), with amount, unit, place and dates.
-- The rows of UserIngredient move over, their place and best-before stay empty (estimated when read) and
-- their added day is the day they were created.

-- CreateTable
CREATE TABLE "Pantry" (
    "id" SERIAL NOT NULL,
    "ownerUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pantry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PantryItem" (
    "id" SERIAL NOT NULL,
    "pantryId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'manual',
    "captureId" TEXT,
    "quantity" DOUBLE PRECISION,
    "unit" TEXT,
    "storage" TEXT,
    "addedOn" TEXT NOT NULL,
    "bestBefore" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PantryItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Pantry_ownerUserId_key" ON "Pantry"("ownerUserId");

-- CreateIndex
CREATE UNIQUE INDEX "PantryItem_pantryId_nameKey_key" ON "PantryItem"("pantryId", "nameKey");

-- AddForeignKey
ALTER TABLE "Pantry" ADD CONSTRAINT "Pantry_ownerUserId_fkey" FOREIGN KEY ("ownerUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PantryItem" ADD CONSTRAINT "PantryItem_pantryId_fkey" FOREIGN KEY ("pantryId") REFERENCES "Pantry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Move the rows
INSERT INTO "Pantry" ("ownerUserId") SELECT DISTINCT "userId" FROM "UserIngredient" ORDER BY "userId";

INSERT INTO "PantryItem" ("pantryId", "name", "nameKey", "type", "source", "captureId", "addedOn", "createdAt")
SELECT p."id", u."name", u."nameKey", u."type", u."source", u."captureId", to_char(u."createdAt", 'YYYY-MM-DD'), u."createdAt"
FROM "UserIngredient" u JOIN "Pantry" p ON p."ownerUserId" = u."userId"
ORDER BY u."id";

-- DropForeignKey
ALTER TABLE "UserIngredient" DROP CONSTRAINT "UserIngredient_userId_fkey";

-- DropTable
DROP TABLE "UserIngredient";
