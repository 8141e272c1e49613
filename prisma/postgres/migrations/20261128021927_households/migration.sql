-- Households (decision 093): every cook gets a household of one, with the same id as their account, named after
-- them, as its owner. Their pantry, shopping list (a new ShoppingList, id = the account) and food log become the
-- households. Every cook gets a pantry and a list, empty when they had none.

-- CreateTable
CREATE TABLE "Household" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Household_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HouseholdMember" (
    "userId" INTEGER NOT NULL,
    "householdId" INTEGER NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',
    "suggestForEveryone" BOOLEAN,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HouseholdMember_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "HouseholdInvite" (
    "id" SERIAL NOT NULL,
    "householdId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT,
    "createdById" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HouseholdInvite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShoppingList" (
    "id" SERIAL NOT NULL,
    "householdId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShoppingList_pkey" PRIMARY KEY ("id")
);

-- Move the data
INSERT INTO "Household" ("id", "name", "createdAt") SELECT "id", "username" || '''s household', "createdAt" FROM "User" ORDER BY "id";
SELECT setval(pg_get_serial_sequence('"Household"', 'id'), COALESCE((SELECT MAX("id") FROM "Household"), 0) + 1, false);
INSERT INTO "HouseholdMember" ("userId", "householdId", "role", "joinedAt") SELECT "id", "id", 'owner', "createdAt" FROM "User" ORDER BY "id";
INSERT INTO "ShoppingList" ("id", "householdId") SELECT "id", "id" FROM "User" ORDER BY "id";
SELECT setval(pg_get_serial_sequence('"ShoppingList"', 'id'), COALESCE((SELECT MAX("id") FROM "ShoppingList"), 0) + 1, false);

-- DropForeignKey
ALTER TABLE "Pantry" DROP CONSTRAINT "Pantry_ownerUserId_fkey";

-- DropForeignKey
ALTER TABLE "ShoppingItem" DROP CONSTRAINT "ShoppingItem_userId_fkey";

-- DropIndex
DROP INDEX "Pantry_ownerUserId_key";

-- DropIndex
DROP INDEX "ShoppingItem_userId_nameKey_key";

-- AlterTable
ALTER TABLE "FoodLogEntry" ADD COLUMN "householdId" INTEGER;
UPDATE "FoodLogEntry" SET "householdId" = "userId";
ALTER TABLE "FoodLogEntry" ALTER COLUMN "householdId" SET NOT NULL;

-- AlterTable
ALTER TABLE "Pantry" ADD COLUMN "householdId" INTEGER;
UPDATE "Pantry" SET "householdId" = "ownerUserId";
ALTER TABLE "Pantry" DROP COLUMN "ownerUserId";
INSERT INTO "Pantry" ("householdId") SELECT "id" FROM "User" WHERE "id" NOT IN (SELECT "householdId" FROM "Pantry") ORDER BY "id";
ALTER TABLE "Pantry" ALTER COLUMN "householdId" SET NOT NULL;

-- AlterTable
ALTER TABLE "PantryItem" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ShoppingItem" ADD COLUMN "listId" INTEGER;
UPDATE "ShoppingItem" SET "listId" = "userId";
ALTER TABLE "ShoppingItem" DROP COLUMN "userId";
ALTER TABLE "ShoppingItem" ALTER COLUMN "listId" SET NOT NULL;

-- CreateIndex
CREATE INDEX "HouseholdMember_householdId_idx" ON "HouseholdMember"("householdId");

-- CreateIndex
CREATE UNIQUE INDEX "HouseholdInvite_tokenHash_key" ON "HouseholdInvite"("tokenHash");

-- CreateIndex
CREATE INDEX "HouseholdInvite_householdId_idx" ON "HouseholdInvite"("householdId");

-- CreateIndex
CREATE INDEX "HouseholdInvite_createdById_idx" ON "HouseholdInvite"("createdById");

-- CreateIndex
CREATE UNIQUE INDEX "ShoppingList_householdId_key" ON "ShoppingList"("householdId");

-- CreateIndex
CREATE INDEX "FoodLogEntry_householdId_createdAt_idx" ON "FoodLogEntry"("householdId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Pantry_householdId_key" ON "Pantry"("householdId");

-- CreateIndex
CREATE UNIQUE INDEX "ShoppingItem_listId_nameKey_key" ON "ShoppingItem"("listId", "nameKey");

-- AddForeignKey
ALTER TABLE "FoodLogEntry" ADD CONSTRAINT "FoodLogEntry_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseholdMember" ADD CONSTRAINT "HouseholdMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseholdMember" ADD CONSTRAINT "HouseholdMember_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseholdInvite" ADD CONSTRAINT "HouseholdInvite_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseholdInvite" ADD CONSTRAINT "HouseholdInvite_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShoppingList" ADD CONSTRAINT "ShoppingList_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShoppingItem" ADD CONSTRAINT "ShoppingItem_listId_fkey" FOREIGN KEY ("listId") REFERENCES "ShoppingList"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pantry" ADD CONSTRAINT "Pantry_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household"("id") ON DELETE CASCADE ON UPDATE CASCADE;
