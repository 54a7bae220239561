/** A token bucket per credential: `rate` requests a second, bursts up to one second's worth. */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  /**
   * Keys are client-chosen (a webhook token from the query string), so the map is capped: past
   * this many, the least recently used bucket goes (a forgotten key starts with a full bucket).
   */
  constructor(
    private readonly rate: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes a token; returns 0 when allowed, else the seconds to wait (for Retry-After). */
  take(key: string, now: number): number {
    if (this.rate <= 0) return 0;
    const b = this.buckets.get(key) ?? { tokens: this.rate, at: now };
    b.tokens = Math.min(this.rate, b.tokens + ((now - b.at) / 1000) * this.rate);
    b.at = now;
    // Delete then set: Map keeps insertion order, so the first key is the least recently used.
    this.buckets.delete(key);
    this.buckets.set(key, b);
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.rate));
  }
}
