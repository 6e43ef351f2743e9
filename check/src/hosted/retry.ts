/**
 * A call to a run's Durable Object, tried again when the platform says it may be: Cloudflare's guidance for
 * Durable Objects (an error whose `retryable` is true may be retried if the call is idempotent; one whose
 * `overloaded` is true must not be; back off exponentially; make a new stub for each attempt, since an error
 * can break the old one), done as its `agents` package's `tryN` does it: at most three attempts, each wait a
 * random time up to `baseDelayMs * 2^n` (full jitter), capped at `maxDelayMs`. The check's API (./api.ts) retries
 * only what is safe to do twice (making a run, reading its state or a file); a recorded call or a finish is
 * tried once, and a platform error on it answers 503 so the program retries as it would any 503.
 */
import {isObject} from '../json';

export interface RetryOptions {
  /** Attempts in all, the first included (3 unless given). */
  attempts?: number;
  /** The first wait's ceiling, in milliseconds (100 unless given); each later ceiling doubles. */
  baseDelayMs?: number;
  /** No wait is longer (3000 ms unless given). */
  maxDelayMs?: number;
  /** Waits (tests pass their own, so no test waits). */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) (Math.random unless given). */
  random?: () => number;
}

/** Whether the platform says the call may be tried again: `retryable`, and not `overloaded`. */
export const isRetryable = (error: unknown): boolean =>
  isObject(error) && error.retryable === true && error.overloaded !== true;

/** The wait before attempt `next` (1 for the second attempt): full jitter under an exponential ceiling. */
export const backoffMs = (next: number, random: number, baseDelayMs = 100, maxDelayMs = 3000): number =>
  Math.floor(random * Math.min(maxDelayMs, baseDelayMs * 2 ** (next - 1)));

/** `attempt()` (which makes its own stub each time), tried again while the platform says it may be. */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const {attempts = 3, baseDelayMs = 100, maxDelayMs = 3000} = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  for (let made = 1; ; made++) {
    try {
      return await attempt();
    } catch (error) {
      if (made >= attempts || !isRetryable(error)) throw error;
      await sleep(backoffMs(made, random(), baseDelayMs, maxDelayMs));
    }
  }
}
