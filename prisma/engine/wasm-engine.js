// The wasm schema engine behind the native engine's JSON-RPC methods, with the
// workarounds for its known bugs (see docs/prisma-offline.md).
import fs from "node:fs";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as wasmBindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import { createAdapterFactory, isPostgresUrl, removeSqliteDatabase } from "./adapters.js";

// The wasm module reports the message of a Rust panic here before it aborts.
let lastPanicMessage = null;
globalThis.PRISMA_WASM_PANIC_REGISTRY = {
  set_message(message) {
    lastPanicMessage = message;
  },
};

/** The Rust panic message behind a wasm abort, or null when the error is not a panic. */
export function takePanicMessage() {
  const message = lastPanicMessage;
  lastPanicMessage = null;
  return message;
}

const wasmFile = new URL("schema_engine_bg.wasm", import.meta.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
const wasmInstance = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(wasmFile)), {
  "./schema_engine_bg.js": wasmBindings,
});
wasmBindings.__wbg_set_wasm(wasmInstance.exports);
wasmInstance.exports.__wbindgen_start?.();

export const engineVersion = wasmBindings.version();

const missingMigrationsTable = /_prisma_migrations/;
const shadowDatabaseNotReady = /shadow DB must be provided through an external factory/i;

export class OfflineSchemaEngine {
  #datamodels;
  #url;
  #log;
  #engine = null;

  /**
   * @param {{ datamodels: [string, string][], url: string, log: (line: string) => void }} options
   */
  constructor({ datamodels, url, log }) {
    this.#datamodels = datamodels;
    this.#url = url;
    this.#log = log;
  }

  async #current() {
    this.#engine ??= await wasmBindings.SchemaEngine.new(
      // The engine panics on an empty list; the CLI omits --datamodels for `migrate diff`.
      { datamodels: this.#datamodels.length > 0 ? this.#datamodels : undefined },
      this.#log,
      bindMigrationAwareSqlAdapterFactory(createAdapterFactory(this.#url)),
    );
    return this.#engine;
  }

  async close() {
    this.#engine?.free();
    this.#engine = null;
  }

  async #callWithRetry(method, params, isRecoverable, recover) {
    try {
      return await (await this.#current())[method](params);
    } catch (error) {
      if (!isRecoverable(error)) throw error;
      await recover();
      return (await this.#current())[method](params);
    }
  }

  // On a database without `_prisma_migrations`, these throw instead of reporting an empty history.
  #withMigrationsTable(method, params) {
    return this.#callWithRetry(
      method,
      params,
      (error) => missingMigrationsTable.test(String(error?.message)),
      async () => {
        const emptyList = { ...params.migrationsList, migrationDirectories: [] };
        await (await this.#current()).applyMigrations({ migrationsList: emptyList, filters: params.filters });
        await this.close();
      },
    );
  }

  // The shadow database is only wired up once devDiagnostic has run.
  #withShadowDatabase(method, params) {
    return this.#callWithRetry(
      method,
      params,
      (error) => shadowDatabaseNotReady.test(String(error?.message)),
      () => this.#withMigrationsTable("devDiagnostic", { migrationsList: params.migrationsList, filters: params.filters }),
    );
  }

  /**
   * Runs one JSON-RPC method of the native engine's protocol.
   * @param {(content: string) => Promise<void>} print shows text to the user through the CLI
   */
  async call(method, params, print) {
    switch (method) {
      case "getDatabaseVersion":
        return (await this.#current()).version(params);
      case "devDiagnostic":
      case "diagnoseMigrationHistory":
        return this.#withMigrationsTable(method, params);
      case "evaluateDataLoss":
      case "createMigration":
        return this.#withShadowDatabase(method, params);
      case "reset":
        if (isPostgresUrl(this.#url)) return (await this.#current()).reset(params);
        // The wasm engine's reset leaves SQLite untouched.
        await this.close();
        removeSqliteDatabase(this.#url);
        return {};
      case "diff": {
        const { exitCode, stdout } = await (await this.#current()).diff(params);
        if (stdout) await print(stdout.replace(/\n$/, ""));
        return { exitCode };
      }
      default: {
        const engine = await this.#current();
        if (typeof engine[method] !== "function") throw new Error(`Unsupported schema engine method: ${method}`);
        return (await engine[method](params)) ?? {};
      }
    }
  }
}
