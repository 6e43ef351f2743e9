/**
 * What a run covered (coverage.ts): calls per operation, sessions completed per API, rules exercised, per
 * scenario; a session that never completed and a call of no operation are not counted.
 */
import {describe, expect, it} from 'vitest';
import {coverageLines, coverageOf} from './coverage';
import {fixtureReport} from '../report/report.fixture';
import type {SessionTrace} from '../model';

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
        furtherPages: {},
        exercisedRules: ['valid-requests', 'poll-interval'],
      },
      {
        scenario: 'rate-limited',
        calls: 3,
        operations: {flightsLivePricingCreate: 1, flightsLivePricingPoll: 1},
        completedSessions: {},
        furtherPages: {},
        exercisedRules: ['valid-requests', 'retry-after'],
      },
    ]);
    expect(coverageLines(coverageOf(report))[1]).toBe(
      'rate-limited: 3 calls; operations: flightsLivePricingCreate ×1, flightsLivePricingPoll ×1; sessions completed: none; further pages: none; rules exercised: 2',
    );
  });

  describe('a further page: after completion, a poll answered 2xx asking an offset no poll asked before', () => {
    type Call = SessionTrace['calls'][number];
    const pages = (calls: Call[]) => {
      const report = fixtureReport();
      report.runs = [report.runs[0]];
      report.runs[0].sessions = [{id: 1, slug: 'hotels-live', calls}];
      return coverageOf(report)[0].furtherPages;
    };
    const create: Call = {index: 0, role: 'create', resultStatus: 'RESULT_STATUS_INCOMPLETE'};
    const poll = (index: number, offset: number | undefined, resultStatus?: string): Call => ({
      index,
      role: 'poll',
      ...(resultStatus ? {resultStatus} : {}),
      ...(offset === undefined ? {} : {offset}),
    });
    const done = 'RESULT_STATUS_COMPLETE';

    it('counts a session that asks page 2 after completing on page 1', () => {
      expect(pages([create, poll(1, 0, done), poll(2, 15, done)])).toEqual({'hotels-live': 1});
      // The first page asked again after a first poll on page 2 is another offset too
      expect(pages([create, poll(1, 15, done), poll(2, 0, done)])).toEqual({'hotels-live': 1});
    });

    it('does not count the same page asked again, a new page before completion, or one never answered', () => {
      expect(pages([create, poll(1, 0, done), poll(2, 0, done)])).toEqual({});
      expect(pages([create, poll(1, 15, 'RESULT_STATUS_INCOMPLETE'), poll(2, 0, done), poll(3, 15, done)])).toEqual({});
      expect(pages([create, poll(1, 0, done), poll(2, 15)])).toEqual({});
      expect(pages([create, poll(1, 0, 'RESULT_STATUS_INCOMPLETE'), poll(2, 15, 'RESULT_STATUS_INCOMPLETE')])).toEqual(
        {},
      );
    });

    it('does not count polls of a flow that takes no page, nor a create after completion', () => {
      expect(pages([create, poll(1, undefined, done), poll(2, undefined, done)])).toEqual({});
      expect(pages([create, poll(1, 0, done), {index: 2, role: 'create', resultStatus: done, offset: 15}])).toEqual({});
    });

    it('counts the sessions that asked one, per API', () => {
      const report = fixtureReport();
      report.runs = [report.runs[0]];
      const calls = [create, poll(1, 0, done), poll(2, 30, done)];
      report.runs[0].sessions = [
        {id: 1, slug: 'hotels-live', calls},
        {id: 2, slug: 'hotels-live', calls},
        {id: 3, slug: 'hotels-live', calls: calls.slice(0, 2)},
      ];
      expect(coverageOf(report)[0]).toMatchObject({
        completedSessions: {'hotels-live': 3},
        furtherPages: {'hotels-live': 2},
      });
    });
  });
});
