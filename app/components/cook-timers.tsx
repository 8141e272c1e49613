/**
 * Cook mode's timers and wake lock (browser only: without JavaScript the step names its times and nothing
 * counts). A timer started on one step keeps running on the next: the screen keeps them, and sessionStorage keeps
 * them across a reload. Each one rings once, with a beep and a vibration where the browser allows them.
 */
import { useEffect, useRef, useState } from "react";
import { formatCountdown, type StepDuration } from "~/domain/cook-timers";

export interface RunningTimer {
  id: string;
  /** "Step 2 · 20 min" */
  name: string;
  /** when it rings (ms since the epoch) */
  endsAt: number;
  rung: boolean;
}

const storageKey = (recipeId: number) => `cook-timers-${recipeId}`;

function storedTimers(recipeId: number): RunningTimer[] {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(storageKey(recipeId)) ?? "[]") as unknown;
    return Array.isArray(stored) ? (stored as RunningTimer[]).filter((timer) => typeof timer.endsAt === "number") : [];
  } catch {
    return [];
  }
}

let audio: AudioContext | null = null;

/** Called from the tap that starts a timer: browsers let a page make sound only after the cook touched it. */
function unlockSound() {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch {
    audio = null;
  }
}

/** Three short beeps, and a buzz on a phone. */
function ring() {
  if (typeof navigator.vibrate === "function") navigator.vibrate([400, 200, 400, 200, 400]);
  if (!audio) return;
  for (let beep = 0; beep < 3; beep++) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.3;
    oscillator.connect(gain).connect(audio.destination);
    const start = audio.currentTime + beep * 0.5;
    oscillator.start(start);
    oscillator.stop(start + 0.3);
  }
}

export function useCookTimers(recipeId: number) {
  const [timers, setTimers] = useState<RunningTimer[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const loaded = useRef(false);

  useEffect(() => {
    setTimers(storedTimers(recipeId));
    loaded.current = true;
  }, [recipeId]);

  useEffect(() => {
    if (!loaded.current) return;
    window.sessionStorage.setItem(storageKey(recipeId), JSON.stringify(timers));
  }, [recipeId, timers]);

  const running = timers.some((timer) => !timer.rung);
  useEffect(() => {
    if (!running) return;
    const interval = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(interval);
  }, [running]);

  useEffect(() => {
    if (!timers.some((timer) => !timer.rung && timer.endsAt <= now)) return;
    ring();
    setTimers((all) => all.map((timer) => (timer.endsAt <= now ? { ...timer, rung: true } : timer)));
  }, [now, timers]);

  return {
    timers: timers.map((timer) => ({ ...timer, left: formatCountdown((timer.endsAt - now) / 1000) })),
    start(step: number, duration: StepDuration) {
      unlockSound();
      const startedAt = Date.now();
      setNow(startedAt);
      setTimers((all) => [
        ...all,
        {
          id: `${step}-${duration.text}-${startedAt}`,
          name: `Step ${step} · ${duration.label}`,
          endsAt: startedAt + duration.seconds * 1000,
          rung: false,
        },
      ]);
    },
    stop(id: string) {
      setTimers((all) => all.filter((timer) => timer.id !== id));
    },
  };
}

/** Keeps the screen on while cook mode is open, where the browser has the Screen Wake Lock API. */
export function useWakeLock(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let left = false;
    const take = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        lock = await navigator.wakeLock.request("screen");
        if (left) {
          void lock.release();
          return;
        }
        setHeld(true);
        lock.addEventListener("release", () => setHeld(false));
      } catch {
        // refused (battery saver, a hidden page): the screen dims as usual
        setHeld(false);
      }
    };
    void take();
    // The browser lets go of the lock when the page is hidden; take it again when the cook comes back.
    document.addEventListener("visibilitychange", take);
    return () => {
      left = true;
      document.removeEventListener("visibilitychange", take);
      void lock?.release();
    };
  }, []);
  return held;
}
