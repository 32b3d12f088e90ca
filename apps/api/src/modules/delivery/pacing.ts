/*
 * How fast one process sends a channel's requests to LINE: at most `concurrency` of its deliveries
 * in progress at once, and at most `perSecond` requests started in any second (LINE's rate limit of
 * a channel, which LINE answers with 429 beyond). Kept per process: the workers of a process share
 * it; a second process has its own (LINE's 429 and the back-off cover what two processes overdo).
 */

/** Where the pacing reads the time and waits: real time (LINE's limit is in real seconds). */
export interface PacingTimer {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realTime: PacingTimer = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** One channel's pacing: a counting semaphore and a sliding one-second window of request starts. */
export class ChannelPacing {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Start times of the last `perSecond` requests, oldest first (a ring). */
  private readonly starts: number[] = [];
  private next = 0;
  /** Requests reserved their start in order: each waits for the one before it. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly concurrency: number,
    readonly perSecond: number,
    private readonly timer: PacingTimer = realTime,
  ) {}

  /** Runs `task` once fewer than `concurrency` tasks of the channel run. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot take it in between.
      const wake = this.waiting.shift();
      if (wake) wake();
      else this.running--;
    }
  }

  /** Resolves when one more request may start without more than `perSecond` starting in a second. */
  requestSlot(): Promise<void> {
    const turn = this.queue.then(async () => {
      if (this.starts.length === this.perSecond) {
        const oldest = this.starts[this.next]!;
        const wait = oldest + 1000 - this.timer.now();
        if (wait > 0) await this.timer.sleep(wait);
      }
      const now = this.timer.now();
      if (this.starts.length < this.perSecond) this.starts.push(now);
      else this.starts[this.next] = now;
      this.next = (this.next + 1) % this.perSecond;
    });
    this.queue = turn;
    return turn;
  }
}

/** The pacing of each channel a process sends for. */
export class DeliveryPacing {
  private readonly channels = new Map<number, ChannelPacing>();

  constructor(
    private readonly concurrency: number,
    private readonly perSecond: number,
    private readonly timer: PacingTimer = realTime,
  ) {}

  of(lineAccountId: number): ChannelPacing {
    let pacing = this.channels.get(lineAccountId);
    if (!pacing) {
      pacing = new ChannelPacing(this.concurrency, this.perSecond, this.timer);
      this.channels.set(lineAccountId, pacing);
    }
    return pacing;
  }
}
