// Requests the app works on at once; the rest wait in arrival order (first come, first served). Node runs every
// request it has taken in on one thread, interleaved: with fifty taken in at once, each loop turn does a slice of
// all fifty (SQLite answers synchronously, so a loader runs to its end in one turn; React renders a page in one
// piece), a turn lasts hundreds of milliseconds, and a request needing a few turns waits seconds while the sockets
// of new ones are not even read. With a few at once, turns stay short and a request waits only for those that came
// before it. A request holding its place longer than `holdMs` (waiting on something outside: a page being imported,
// a photo going to S3) gives it up and goes on outside the count, so a slow request never stalls the others
// (decision 137).

/**
 * A first-come-first-served gate letting `limit` tasks run at once (every task at once when `limit` is 0 or less);
 * a task counts for at most `holdMs`.
 */
export function createAdmission(limit, holdMs) {
  let running = 0;
  const waiting = [];
  const release = () => {
    running -= 1;
    while (running < limit && waiting.length > 0) {
      const next = waiting.shift();
      if (next.cancelled) continue;
      running += 1;
      next.start();
    }
  };
  return {
    /**
     * Runs `start` now or once the tasks before it have finished; `start` is given `done`, to call once the task
     * has ended (more calls are ignored). Answers `cancel`, which drops a task still waiting (its client left);
     * harmless once the task has started.
     */
    admit(start) {
      if (limit <= 0) {
        start(() => {});
        return () => {};
      }
      const task = {
        cancelled: false,
        start() {
          let counted = true;
          const done = () => {
            if (!counted) return;
            counted = false;
            clearTimeout(timer);
            release();
          };
          const timer = setTimeout(done, holdMs);
          timer.unref?.();
          start(done);
        },
      };
      if (running < limit) {
        running += 1;
        task.start();
      } else waiting.push(task);
      return () => {
        task.cancelled = true;
      };
    },
    /** Tasks counted as running, and tasks waiting, now. */
    get counts() {
      return { running, waiting: waiting.filter((task) => !task.cancelled).length };
    },
  };
}

/** Remix's built scripts and styles: files read from disk, not let wait behind pages. */
const ASSETS_PREFIX = "/build/";
/** A load balancer's probe must be answered while pages wait, or a busy process is taken out of service. */
const HEALTH_PATH = "/healthz";

/**
 * Whether a request goes past the queue: built assets and the health probe, with the path read as the router will
 * read it, so that "/build/../home" or an encoded dot waits like "/home".
 */
export function skipsTheQueue(rawUrl) {
  const rawPath = (rawUrl ?? "").split("?")[0];
  if (!rawPath.startsWith("/") || rawPath.includes("%")) return false;
  let pathname;
  try {
    pathname = new URL(rawPath, "http://app").pathname;
  } catch {
    return false;
  }
  return pathname === rawPath && (pathname.startsWith(ASSETS_PREFIX) || pathname === HEALTH_PATH);
}
