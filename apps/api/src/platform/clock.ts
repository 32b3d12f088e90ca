/**
 * The one clock the plan engine reads (due times, auto-reply weekdays and terms, broadcasts).
 * It follows the system clock, plus an offset that only grows: tests move it with `advance` or
 * pin it with `set`, and the demo's time warp (refused unless the embedded LINE simulator is on)
 * advances it so that "3 days later at 10:00" arrives in seconds. The offset lives in this
 * process; the time warp is only offered where the API and the worker share one process.
 */
export class Clock {
  #offsetMs = 0;
  #pinnedAt: number | null;

  constructor(pinnedAt?: Date) {
    this.#pinnedAt = pinnedAt ? pinnedAt.getTime() : null;
  }

  now(): Date {
    return new Date(this.#pinnedAt ?? Date.now() + this.#offsetMs);
  }

  /** Moves the clock forward (a negative step is refused: due sends must never run backwards). */
  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new Error('the clock only moves forward');
    if (this.#pinnedAt !== null) this.#pinnedAt += ms;
    else this.#offsetMs += ms;
    return this.now();
  }

  /** Pins the clock at an instant (tests); it stays there until set or advanced again. */
  set(instant: Date): void {
    this.#pinnedAt = instant.getTime();
  }

  /** How far the clock runs ahead of the system clock (0 when pinned or never advanced). */
  get offsetMs(): number {
    return this.#pinnedAt === null ? this.#offsetMs : this.#pinnedAt - Date.now();
  }
}
