/**
 * A token bucket per connection: bursts up to `perSecond` events, refilled continuously, so a
 * client keeping to the rate is never refused because of where a fixed window happens to fall.
 */
export class ClientEventLimiter {
  readonly #perSecond: number;
  #tokens: number;
  #updatedAt: number;

  constructor(perSecond: number, now = performance.now()) {
    this.#perSecond = perSecond;
    this.#tokens = perSecond;
    this.#updatedAt = now;
  }

  /** Takes one token; false when the connection is over its rate. */
  take(now = performance.now()): boolean {
    this.#tokens = Math.min(this.#perSecond, this.#tokens + ((now - this.#updatedAt) / 1000) * this.#perSecond);
    this.#updatedAt = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
