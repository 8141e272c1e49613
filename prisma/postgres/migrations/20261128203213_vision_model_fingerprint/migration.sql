-- AlterTable
ALTER TABLE "VisionCapture" ADD COLUMN     "model" TEXT NOT NULL DEFAULT 'f766be97d4c2be38';

-- AlterTable
ALTER TABLE "VisionExample" ADD COLUMN     "model" TEXT NOT NULL DEFAULT 'f766be97d4c2be38';

-- CreateIndex
CREATE INDEX "VisionExample_model_idx" ON "VisionExample"("model");
