-- AlterTable
ALTER TABLE "MealCompletion" ADD COLUMN     "gramsSaved" DOUBLE PRECISION NOT NULL DEFAULT 0;
