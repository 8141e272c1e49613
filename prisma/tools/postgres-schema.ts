// Generates prisma/postgres/schema.prisma from prisma/schema.prisma, the source of truth.
// Only the datasource provider and the generated client's output folder differ.
//   tsx prisma/tools/postgres-schema.ts --write   writes the file
//   tsx prisma/tools/postgres-schema.ts --check   exits 1 when the committed file differs
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const defaultPrismaDir = path.resolve(import.meta.dirname, "..");

export function postgresSchemaFrom(sqliteSchema: string): string {
  const replaceOnce = (text: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(text)) throw new Error(`prisma/schema.prisma no longer matches ${pattern}`);
    return text.replace(pattern, replacement);
  };
  const withProvider = replaceOnce(sqliteSchema, /(datasource db \{[^}]*provider\s*=\s*)"sqlite"/, '$1"postgresql"');
  return replaceOnce(
    withProvider,
    /(generator client \{[^}]*output\s*=\s*)"[^"]*"/,
    '$1"../../app/generated/prisma-postgres"'
  );
}

/** Whether `<prismaDir>/postgres/schema.prisma` is what `<prismaDir>/schema.prisma` generates. */
export function postgresSchemaIsCurrent(prismaDir = defaultPrismaDir): boolean {
  const target = path.join(prismaDir, "postgres", "schema.prisma");
  const expected = postgresSchemaFrom(fs.readFileSync(path.join(prismaDir, "schema.prisma"), "utf8"));
  return fs.existsSync(target) && fs.readFileSync(target, "utf8") === expected;
}

function main() {
  const { values } = parseArgs({
    options: { write: { type: "boolean" }, check: { type: "boolean" }, "prisma-dir": { type: "string" } },
  });
  const prismaDir = path.resolve(values["prisma-dir"] ?? defaultPrismaDir);
  if (values.write) {
    const target = path.join(prismaDir, "postgres", "schema.prisma");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, postgresSchemaFrom(fs.readFileSync(path.join(prismaDir, "schema.prisma"), "utf8")));
    console.log(`Wrote ${path.relative(process.cwd(), target)}`);
  } else if (values.check) {
    if (!postgresSchemaIsCurrent(prismaDir)) {
      console.error(
        "prisma/postgres/schema.prisma differs from what prisma/schema.prisma generates. Run `npm run db:generate`."
      );
      process.exitCode = 1;
    }
  } else {
    console.error("Usage: tsx prisma/tools/postgres-schema.ts --write | --check [--prisma-dir DIR]");
    process.exitCode = 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
