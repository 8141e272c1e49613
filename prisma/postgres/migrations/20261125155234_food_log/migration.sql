-- AlterTable
ALTER TABLE "MealCompletion" ADD COLUMN     "co2ConfirmedKg" DOUBLE PRECISION,
ADD COLUMN     "pantryUpdatedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "FoodLogEntry" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "ingredient" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "amount" DOUBLE PRECISION,
    "unit" TEXT,
    "grams" DOUBLE PRECISION,
    "co2Kg" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "kind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "mealCompletionId" INTEGER,
    "itemBefore" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FoodLogEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FoodLogEntry_userId_createdAt_idx" ON "FoodLogEntry"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "FoodLogEntry_mealCompletionId_idx" ON "FoodLogEntry"("mealCompletionId");

-- AddForeignKey
ALTER TABLE "FoodLogEntry" ADD CONSTRAINT "FoodLogEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FoodLogEntry" ADD CONSTRAINT "FoodLogEntry_mealCompletionId_fkey" FOREIGN KEY ("mealCompletionId") REFERENCES "MealCompletion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

