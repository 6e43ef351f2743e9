/**
 * `bench:sandbox` beside an earlier checkout (./sandboxBefore.ts): each round's share is the sandbox's
 * requests per second over its ceiling's in the same round; a change is a loss only when the after median is
 * below the before median by more than the noise (the larger spread of the two's round shares), at that
 * boundary both ways; and a folder that is not an installed checkout stops the benchmark saying why.
 */
import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import {afterEach, describe, expect, it} from 'vitest';
import {beforeAfterReport, beforeAfterVerdict, beforeCheckout, roundShares, workerdModule} from './sandboxBefore';

const rounds = (...perSecond: number[]) => perSecond.map((average) => ({requests: {average}}) as autocannon.Result);

describe('before and after', () => {
  it("takes each round's share against the ceiling's same round", () => {
    expect(roundShares(rounds(50, 90, 30), rounds(100, 100, 60))).toEqual([0.5, 0.9, 0.5]);
  });

  it('calls a drop a loss only past the noise', () => {
    const pair = {operation: 'GET x', runtime: 'Node' as const, ownCeiling: false, paired: [1]};
    // Binary fractions, so the boundary is exact. Before: median 0.75, spread 0.5; the noise is 0.5.
    const before = [0.5, 0.75, 1];
    const within = beforeAfterVerdict({...pair, before, after: [0.25, 0.25, 0.25]});
    expect(within).toEqual({
      ...pair,
      before,
      after: [0.25, 0.25, 0.25],
      beforeMedian: 0.75,
      afterMedian: 0.25,
      pairedMedian: 1,
      noise: 0.5,
      loss: false,
    });
    expect(beforeAfterVerdict({...pair, before, after: [0.1875, 0.1875, 0.1875]}).loss).toBe(true);
    // The after's own spread counts as noise too
    expect(beforeAfterVerdict({...pair, before: [0.75, 0.75, 0.75], after: [0, 0.5, 1]}).loss).toBe(false);
    expect(beforeAfterVerdict({...pair, before: [0.75, 0.75, 0.75], after: [0.25, 0.375, 0.5]}).loss).toBe(true);
  });

  it('prints the shares, the change and the verdict, naming an earlier sandbox measured on its own bytes', () => {
    const verdict = beforeAfterVerdict({
      operation: 'POST x',
      runtime: 'workerd',
      ownCeiling: true,
      before: [0.5, 0.6, 0.7],
      after: [0.6, 0.65, 0.7],
      paired: [1.2, 0.9, 1.05],
    });
    const text = beforeAfterReport('abc1234', [verdict]);
    expect(text).toContain('commit abc1234');
    expect(text).toContain(
      '| POST x (workerd), before against its own bytes | 60.0 % (50.0 %, 60.0 %, 70.0 %) | 65.0 % (60.0 %, 65.0 %, 70.0 %) | +5.0 points | 1.05x (0.90 to 1.20) | 20.0 points | no loss beyond the noise |',
    );
  });
});

describe('the earlier checkout', () => {
  const saved = process.env.BENCH_BEFORE;
  afterEach(() => {
    if (saved === undefined) delete process.env.BENCH_BEFORE;
    else process.env.BENCH_BEFORE = saved;
  });

  it('is none unless BENCH_BEFORE names one', () => {
    delete process.env.BENCH_BEFORE;
    expect(beforeCheckout()).toBeUndefined();
  });

  it('stops on a folder with no sandbox, and on one not installed', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'bench-before-'));
    process.env.BENCH_BEFORE = folder;
    expect(() => beforeCheckout()).toThrow(`BENCH_BEFORE=${folder}: no sandbox/src/node.ts there`);
    mkdirSync(path.join(folder, 'sandbox', 'src'), {recursive: true});
    writeFileSync(path.join(folder, 'sandbox', 'src', 'node.ts'), '');
    expect(() => beforeCheckout()).toThrow('not installed (run npm ci there, then npm run specs:bundle)');
    expect(() => workerdModule(folder)).toThrow('neither');
  });

  it("finds this checkout's own workerd module", () => {
    expect(workerdModule(path.resolve(__dirname, '..', '..'))).toMatch(/deploy\/src\/workerd\.ts$/);
  });
});
