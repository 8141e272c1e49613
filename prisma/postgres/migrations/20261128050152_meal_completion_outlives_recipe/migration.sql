-- DropForeignKey
ALTER TABLE "MealCompletion" DROP CONSTRAINT "MealCompletion_recipeId_fkey";

-- AlterTable
ALTER TABLE "MealCompletion" ALTER COLUMN "recipeId" DROP NOT NULL;

-- AddForeignKey
ALTER TABLE "MealCompletion" ADD CONSTRAINT "MealCompletion_recipeId_fkey" FOREIGN KEY ("recipeId") REFERENCES "Recipe"("id") ON DELETE SET NULL ON UPDATE CASCADE;
