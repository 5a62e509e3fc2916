/*
 * A round of work, then the next one `everyMs` after it ends, until stopped: the loop of the carrier-request worker,
 * the e-mail sender and the scheduler. A round that throws is handed to `onRoundEnd` and the loop goes on; stop()
 * waits for the round under way, so what it holds is finished or left due for the next start.
 */
export type PollingLoopOptions = {
  everyMs: number;
  /** Told how each round ended: without an error, or with the one it threw. */
  onRoundEnd: (error?: unknown) => void;
  /** Whether a pending round keeps the process alive (a scheduled task due later is no reason to). */
  keepsProcessAlive?: boolean;
};

export class PollingLoop {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = true;

  constructor(
    private readonly round: () => Promise<unknown>,
    private readonly options: PollingLoopOptions,
  ) {}

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Starts the rounds, the first after `firstWaitMs` (a period by default). */
  start(firstWaitMs = this.options.everyMs): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule(firstWaitMs);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(wait: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.round()
        .then(
          () => this.options.onRoundEnd(),
          (error: unknown) => this.options.onRoundEnd(error ?? new Error('a round failed')),
        )
        .finally(() => {
          this.#running = undefined;
          this.#schedule(this.options.everyMs);
        });
    }, wait);
    if (this.options.keepsProcessAlive === false) this.#timer.unref();
  }
}
