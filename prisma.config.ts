import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";

// Our offline schema engine (prisma/engine/) stands in for the native binary, which
// Prisma would otherwise download; nobody has to set this variable by hand.
process.env.PRISMA_SCHEMA_ENGINE_BINARY = fileURLToPath(new URL("./prisma/engine/schema-engine.js", import.meta.url));

if (existsSync(".env")) process.loadEnvFile(".env");

const databaseUrl = process.env.DATABASE_URL || "file:./data/recipe-helper.db";
const isPostgres = /^postgres(ql)?:\/\//.test(databaseUrl);
const prismaDir = isPostgres ? "prisma/postgres" : "prisma";

export default defineConfig({
  schema: `${prismaDir}/schema.prisma`,
  migrations: {
    path: `${prismaDir}/migrations`,
    seed: "tsx prisma/seed.ts",
  },
  datasource: { url: databaseUrl },
});
