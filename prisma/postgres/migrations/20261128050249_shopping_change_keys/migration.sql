-- CreateTable
CREATE TABLE "ShoppingChange" (
    "userId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "message" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShoppingChange_pkey" PRIMARY KEY ("userId","key")
);

-- CreateIndex
CREATE INDEX "ShoppingChange_createdAt_idx" ON "ShoppingChange"("createdAt");

-- AddForeignKey
ALTER TABLE "ShoppingChange" ADD CONSTRAINT "ShoppingChange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
