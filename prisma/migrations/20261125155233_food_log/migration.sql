-- AlterTable
ALTER TABLE "MealCompletion" ADD COLUMN "co2ConfirmedKg" REAL;
ALTER TABLE "MealCompletion" ADD COLUMN "pantryUpdatedAt" DATETIME;

-- CreateTable
CREATE TABLE "FoodLogEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "ingredient" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "amount" REAL,
    "unit" TEXT,
    "grams" REAL,
    "co2Kg" REAL NOT NULL DEFAULT 0,
    "kind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "mealCompletionId" INTEGER,
    "itemBefore" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FoodLogEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FoodLogEntry_mealCompletionId_fkey" FOREIGN KEY ("mealCompletionId") REFERENCES "MealCompletion" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "FoodLogEntry_userId_createdAt_idx" ON "FoodLogEntry"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "FoodLogEntry_mealCompletionId_idx" ON "FoodLogEntry"("mealCompletionId");

