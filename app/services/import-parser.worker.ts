/** The import's worker thread (import-parser.server.ts): reads untrusted recipe documents off the event loop. */
import { readParseTask } from "~/domain/recipe-import/parse-task";
import { serveTasks } from "./worker-task.server";

serveTasks(readParseTask);
