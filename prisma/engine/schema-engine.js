#!/usr/bin/env node
// Stand-in for Prisma's native schema-engine binary, so the CLI works without downloading it.
// prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY here. Same command line and JSON-RPC
// protocol as the native engine, served by @prisma/schema-engine-wasm through driver adapters.
import fs from "node:fs";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { createDatabase, ensureDatabaseExists } from "./adapters.js";
import { OfflineSchemaEngine, engineVersion, takePanicMessage } from "./wasm-engine.js";

function logLine(level, fields) {
  process.stderr.write(`${JSON.stringify({ level, target: "schema_engine::logger", fields })}\n`);
}

function errorFields(error) {
  return { message: String(error?.message ?? error), error_code: error?.errorCode ?? null };
}

function writeMessage(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

async function runCliCommand(command, url) {
  try {
    if (command === "can-connect-to-database") await ensureDatabaseExists(url);
    else if (command === "create-database") await createDatabase(url);
    else throw new Error(`Unknown schema engine cli command: ${command}`);
  } catch (error) {
    logLine("ERROR", errorFields(error));
    process.exitCode = 1;
  }
}

function serveJsonRpc(engine, url) {
  let nextOwnRequestId = 1;
  const awaitingCliReply = new Map();
  let queue = Promise.resolve();

  const print = (content) =>
    new Promise((resolve) => {
      const id = `print-${nextOwnRequestId++}`;
      awaitingCliReply.set(id, resolve);
      writeMessage({ jsonrpc: "2.0", id, method: "print", params: { content } });
    });

  const handle = async (request) => {
    try {
      const result =
        request.method === "createDatabase"
          ? { databaseName: await createDatabase(url) }
          : await engine.call(request.method, request.params ?? {}, print);
      writeMessage({ jsonrpc: "2.0", id: request.id, result: result ?? null });
    } catch (error) {
      const panicMessage = takePanicMessage();
      writeMessage({
        jsonrpc: "2.0",
        id: request.id,
        error: {
          code: 4466,
          message: "An error happened. Check the data field for details.",
          data: panicMessage
            ? { is_panic: true, message: panicMessage, error: { message: panicMessage } }
            : { is_panic: false, meta: null, ...errorFields(error) },
        },
      });
    }
  };

  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on("line", (line) => {
    if (!line.trim()) return;
    const message = JSON.parse(line);
    if (message.method === undefined) {
      awaitingCliReply.get(message.id)?.();
      awaitingCliReply.delete(message.id);
      return;
    }
    // One request at a time, as the native engine does; print replies still arrive meanwhile.
    queue = queue.then(() => handle(message));
  });
  input.on("close", () => {
    queue.then(() => engine.close()).then(() => process.exit(0));
  });
}

// A Rust panic inside an async wasm task surfaces as an uncaught "unreachable" error.
process.on("uncaughtException", (error) => {
  logLine("ERROR", { message: takePanicMessage() ?? String(error?.stack ?? error) });
  process.exit(101);
});

const { values, positionals } = parseArgs({
  allowPositionals: true,
  strict: false,
  options: {
    datamodels: { type: "string", multiple: true },
    datasource: { type: "string" },
    version: { type: "boolean", short: "V" },
  },
});

if (values.version) {
  process.stdout.write(`schema-engine-cli ${engineVersion}\n`);
} else {
  logLine("INFO", { message: `Starting offline schema engine ${engineVersion}` });
  const url = values.datasource ? JSON.parse(values.datasource).url : "file::memory:";
  if (positionals[0] === "cli") {
    await runCliCommand(positionals[1], url);
  } else {
    const datamodels = (values.datamodels ?? []).map((file) => [file, fs.readFileSync(file, "utf8")]);
    const engine = new OfflineSchemaEngine({
      datamodels,
      url,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    serveJsonRpc(engine, url);
  }
}
