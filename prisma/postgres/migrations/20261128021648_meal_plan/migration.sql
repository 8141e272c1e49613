-- AlterTable
ALTER TABLE "MealCompletion" ADD COLUMN     "servingsCooked" INTEGER,
ADD COLUMN     "servingsEaten" INTEGER;

-- CreateTable
CREATE TABLE "MealPlanEntry" (
    "id" SERIAL NOT NULL,
    "pantryId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "meal" TEXT NOT NULL,
    "recipeId" INTEGER,
    "servings" INTEGER NOT NULL,
    "leftoverOf" TEXT,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MealPlanEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MealPlanFeed" (
    "pantryId" INTEGER NOT NULL,
    "nonce" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MealPlanFeed_pkey" PRIMARY KEY ("pantryId")
);

-- CreateIndex
CREATE INDEX "MealPlanEntry_pantryId_day_idx" ON "MealPlanEntry"("pantryId", "day");

-- CreateIndex
CREATE INDEX "MealPlanEntry_recipeId_idx" ON "MealPlanEntry"("recipeId");

-- AddForeignKey
ALTER TABLE "MealPlanEntry" ADD CONSTRAINT "MealPlanEntry_pantryId_fkey" FOREIGN KEY ("pantryId") REFERENCES "Pantry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MealPlanEntry" ADD CONSTRAINT "MealPlanEntry_recipeId_fkey" FOREIGN KEY ("recipeId") REFERENCES "Recipe"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MealPlanFeed" ADD CONSTRAINT "MealPlanFeed_pantryId_fkey" FOREIGN KEY ("pantryId") REFERENCES "Pantry"("id") ON DELETE CASCADE ON UPDATE CASCADE;
