-- AlterTable
ALTER TABLE "MealCompletion" ADD COLUMN "servingsCooked" INTEGER;
ALTER TABLE "MealCompletion" ADD COLUMN "servingsEaten" INTEGER;

-- CreateTable
CREATE TABLE "MealPlanEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "pantryId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "meal" TEXT NOT NULL,
    "recipeId" INTEGER,
    "servings" INTEGER NOT NULL,
    "leftoverOf" TEXT,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "reason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MealPlanEntry_pantryId_fkey" FOREIGN KEY ("pantryId") REFERENCES "Pantry" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MealPlanEntry_recipeId_fkey" FOREIGN KEY ("recipeId") REFERENCES "Recipe" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MealPlanFeed" (
    "pantryId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "nonce" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MealPlanFeed_pantryId_fkey" FOREIGN KEY ("pantryId") REFERENCES "Pantry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "MealPlanEntry_pantryId_day_idx" ON "MealPlanEntry"("pantryId", "day");

-- CreateIndex
CREATE INDEX "MealPlanEntry_recipeId_idx" ON "MealPlanEntry"("recipeId");
