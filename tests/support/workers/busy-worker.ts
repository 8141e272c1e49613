/** A worker for the pool's tests: echoes its task, or holds its thread busy, or fills its memory, as asked. */
import { serveTasks } from "~/services/worker-task.server";

export type BusyTask = { echo: string } | { spinMs: number } | { fillMemory: true } | { fail: string };

serveTasks((task: BusyTask) => {
  if ("spinMs" in task) {
    const until = Date.now() + task.spinMs;
    while (Date.now() < until) {
      // the thread is held, as a parser stuck on hostile input would hold it
    }
    return "spun";
  }
  if ("fillMemory" in task) {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, index) => index + kept.length));
  }
  if ("fail" in task) throw new Error(task.fail);
  return task.echo;
});
