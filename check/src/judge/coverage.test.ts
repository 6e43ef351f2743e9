/**
 * What a run covered (coverage.ts): calls per operation, sessions completed per API, rules exercised, per
 * scenario; a session that never completed and a call of no operation are not counted.
 */
import {describe, expect, it} from 'vitest';
import {coverageLines, coverageOf} from './coverage';
import {fixtureReport} from '../report/report.fixture';

describe('coverageOf', () => {
  it('counts each operation called, each completed session and each rule exercised, per scenario', () => {
    const report = fixtureReport();
    // A call of no operation, and a session that never completed, in the rate-limited run
    report.runs[1].operations = [...report.runs[1].operations.slice(0, 2), undefined];
    report.runs[1].sessions[0].calls = report.runs[1].sessions[0].calls.slice(0, 2);
    expect(coverageOf(report)).toEqual([
      {
        scenario: 'normal',
        calls: 3,
        operations: {flightsLivePricingCreate: 1, flightsLivePricingPoll: 2},
        completedSessions: {'flights-live-pricing': 1},
        exercisedRules: ['valid-requests', 'poll-interval'],
      },
      {
        scenario: 'rate-limited',
        calls: 3,
        operations: {flightsLivePricingCreate: 1, flightsLivePricingPoll: 1},
        completedSessions: {},
        exercisedRules: ['valid-requests', 'retry-after'],
      },
    ]);
    expect(coverageLines(coverageOf(report))[1]).toBe(
      'rate-limited: 3 calls; operations: flightsLivePricingCreate ×1, flightsLivePricingPoll ×1; sessions completed: none; rules exercised: 2',
    );
  });
});
