-- CreateTable
CREATE TABLE "ShoppingChange" (
    "userId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "message" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "key"),
    CONSTRAINT "ShoppingChange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ShoppingChange_createdAt_idx" ON "ShoppingChange"("createdAt");
