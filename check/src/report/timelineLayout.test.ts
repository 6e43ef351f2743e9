/**
 * Where a run's timeline puts its marks (timelineLayout.ts): the whole run within the width it is given,
 * whatever its length, on a grid whose step follows the run's duration, and the labels of close calls
 * shown only at the widths where they do not overlap, the injected faults' first.
 */
import {describe, expect, it} from 'vitest';
import type {Exchange, RunReport} from '../model';
import {LABEL_WIDTHS, timelineLayout} from './timelineLayout';
import {rateLimitedRun} from './report.fixture';

/** A run of `calls` calls evenly spread over `spanMs`, outside any session, the call `fault` injected. */
function spreadRun(calls: number, spanMs: number, fault?: number): RunReport {
  const exchanges: Exchange[] = [...Array(calls).keys()].map((index) => ({
    index,
    startedMs: (index * spanMs) / calls,
    endedMs: (index * spanMs) / calls + 40,
    request: {method: 'GET', url: `/apiservices/v1/x/${index}`, headers: []},
    response: {status: index === fault ? 404 : 200, headers: []},
    ...(index === fault ? {fault: {kind: 'status' as const, description: 'answered 404'}} : {}),
  }));
  return {
    recording: {scenario: 'session-lost', startedAt: '2026-11-23T10:00:00.000Z', exchanges},
    operations: exchanges.map(() => undefined),
    verdicts: [],
    sessions: [],
  };
}

/** The step between the axis's ticks, s. */
const stepOf = (run: RunReport): number => {
  const {ticks} = timelineLayout(run);
  expect(ticks.length).toBeGreaterThan(2);
  return Math.round((ticks[1].second - ticks[0].second) * 10) / 10;
};

describe('timelineLayout', () => {
  it('places every call within the axis, in percent of its width, whatever the run’s length', () => {
    for (const spanMs of [900, 40_000, 150_000, 3_600_000]) {
      const layout = timelineLayout(spreadRun(30, spanMs));
      const marks = layout.lanes.flatMap((lane) => lane.marks);
      expect(marks).toHaveLength(30);
      for (const mark of marks) {
        expect(mark.at).toBeGreaterThanOrEqual(0);
        expect(mark.at + mark.width).toBeLessThanOrEqual(100);
      }
      expect(Math.max(...layout.ticks.map((tick) => tick.at))).toBeLessThanOrEqual(100);
    }
  });

  it('chooses the grid’s step from the run’s duration: from 4 to 10 ticks', () => {
    expect(stepOf(spreadRun(10, 900))).toBe(0.2);
    expect(stepOf(spreadRun(30, 40_000))).toBe(5);
    expect(stepOf(spreadRun(30, 150_000))).toBe(20);
    expect(stepOf(spreadRun(30, 3_600_000))).toBe(600);
    for (const spanMs of [900, 2_500, 4_100, 40_000, 40_100, 61_000, 150_000, 3_600_000]) {
      const ticks = timelineLayout(spreadRun(10, spanMs)).ticks.length;
      expect(ticks).toBeGreaterThanOrEqual(4);
      expect(ticks).toBeLessThanOrEqual(10);
    }
  });

  it('shows a label only at the widths where it keeps clear of the labels shown with it, the fault’s always', () => {
    // 60 calls over 40 s: 0.67 s apart, 5 px on the narrowest axis, 17 px on the widest.
    const marks = timelineLayout(spreadRun(60, 40_000, 37)).lanes.flatMap((lane) => lane.marks);
    expect(marks.find((mark) => mark.call.index === 37)!.tier).toBe(0);
    for (const [tier, width] of LABEL_WIDTHS.entries()) {
      const shown = marks.filter((mark) => mark.tier !== undefined && mark.tier <= tier).map((mark) => mark.at);
      expect(shown.length).toBeGreaterThan(1);
      const sorted = shown.sort((a, b) => a - b);
      const gaps = sorted.slice(1).map((at, index) => ((at - sorted[index]) * width) / 100);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(12);
    }
    // At the widest, every label fits.
    expect(marks.every((mark) => mark.tier !== undefined)).toBe(true);
    // Calls too close for any width keep their bar and lose only their label.
    const crowded = timelineLayout(spreadRun(400, 40_000)).lanes.flatMap((lane) => lane.marks);
    expect(crowded).toHaveLength(400);
    expect(crowded.some((mark) => mark.tier === undefined)).toBe(true);
  });

  it('keeps a rule-breaking call’s label on the narrowest axis', () => {
    const run = rateLimitedRun();
    const marks = timelineLayout(run).lanes.flatMap((lane) => lane.marks);
    expect(marks.filter((mark) => mark.broken).length).toBeGreaterThan(0);
    for (const mark of marks.filter((candidate) => candidate.broken || candidate.call.fault)) expect(mark.tier).toBe(0);
  });
});
