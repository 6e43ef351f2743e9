/**
 * Calls to a run's object tried again as the platform's errors allow (retry.ts): a `retryable` error is tried
 * again on a new attempt up to three in all, with waits under a doubling ceiling; an `overloaded` one, one
 * the object's own code threw, or the third failure is thrown at once. No test waits: the clock is the test's.
 */
import {describe, expect, it} from 'vitest';
import {backoffMs, isRetryable, withRetries} from './retry';

/** An error as workerd throws it for a call that never reached the object. */
const platformError = (flags: {retryable?: boolean; overloaded?: boolean}) =>
  Object.assign(new Error('Network connection lost.'), flags);

function attempts(outcomes: (Error | string)[]) {
  const made: number[] = [];
  const waits: number[] = [];
  const attempt = async () => {
    made.push(made.length + 1);
    const outcome = outcomes[made.length - 1];
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  const options = {sleep: async (ms: number) => void waits.push(ms), random: () => 0.999};
  return {attempt, options, made, waits};
}

describe('a call to a run object, retried', () => {
  it('is tried again after a retryable error, on a new attempt, and answers the first success', async () => {
    const run = attempts([platformError({retryable: true}), platformError({retryable: true}), 'made']);
    expect(await withRetries(run.attempt, run.options)).toBe('made');
    expect(run.made).toEqual([1, 2, 3]);
    // Full jitter under 100 ms, then under 200 ms
    expect(run.waits).toEqual([99, 199]);
  });

  it('stops at the third attempt and throws its error', async () => {
    const third = platformError({retryable: true});
    const run = attempts([platformError({retryable: true}), platformError({retryable: true}), third, 'never']);
    await expect(withRetries(run.attempt, run.options)).rejects.toBe(third);
    expect(run.made).toEqual([1, 2, 3]);
  });

  it('throws at once an error that is overloaded, not retryable, or the object code’s own', async () => {
    for (const error of [
      platformError({retryable: true, overloaded: true}),
      platformError({retryable: false}),
      platformError({}),
      new TypeError('the object threw'),
    ]) {
      const run = attempts([error, 'never']);
      await expect(withRetries(run.attempt, run.options)).rejects.toBe(error);
      expect(run.made).toEqual([1]);
      expect(run.waits).toEqual([]);
    }
  });

  it('reads retryable only as true, and overloaded as anything but true', () => {
    expect(isRetryable(platformError({retryable: true}))).toBe(true);
    expect(isRetryable(Object.assign(new Error('x'), {retryable: 'true'}))).toBe(false);
    expect(isRetryable(Object.assign(new Error('x'), {retryable: true, overloaded: false}))).toBe(true);
    expect(isRetryable(undefined)).toBe(false);
    expect(isRetryable('retryable')).toBe(false);
  });

  it('waits at most the doubling ceiling, and never more than the cap', () => {
    expect(backoffMs(1, 0.5)).toBe(50);
    expect(backoffMs(3, 0.999)).toBe(399);
    expect(backoffMs(10, 0.999, 100, 3000)).toBe(2997);
    expect(backoffMs(1, 0)).toBe(0);
  });
});
