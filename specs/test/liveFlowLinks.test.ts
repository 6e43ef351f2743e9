/**
 * The lint rule `live-flows/session-links` (plugins/live-flows.mjs), run as `npm run specs:lint` runs
 * it, on the flights live specification as written and with its links broken: an answer that carries a
 * session token must link, as `poll`, the operation that takes it, through a path parameter filled
 * from a field the answer declares.
 */
import fs from 'node:fs';
import path from 'node:path';
import {lintFromString, loadConfig} from '@redocly/openapi-core';
import {describe, expect, it} from 'vitest';

const specsDir = path.resolve(__dirname, '..');
const file = path.join(specsDir, 'flights-live-pricing/openapi.yaml');
const source = fs.readFileSync(file, 'utf8');

/** The rule's messages for a version of the flights live specification. */
async function sessionLinkProblems(text: string): Promise<string[]> {
  const config = await loadConfig({configPath: path.join(specsDir, 'redocly.yaml')});
  const problems = await lintFromString({source: text, absoluteRef: file, config});
  return problems.filter((problem) => problem.ruleId === 'live-flows/session-links').map((problem) => problem.message);
}

/** The create call's `links:` block, as written in the specification. */
const createLinks = /( {10}links:\n {12}poll:\n {14}operationId: FlightsService_PollSearch\n[\s\S]*?)(?= {8}'400':)/;

describe('the lint rule live-flows/session-links', () => {
  it('passes the specification as written', async () => {
    expect(source).toMatch(createLinks);
    expect(await sessionLinkProblems(source)).toEqual([]);
  });

  it('fails a create call whose answer carries a session token but links no poll', async () => {
    expect(await sessionLinkProblems(source.replace(createLinks, ''))).toEqual([
      'This answer carries `sessionToken` but declares no `poll` link naming the operation that takes it next.',
    ]);
  });

  it("fails a create's poll link that does not declare its flow's facts, or declares them wrongly", async () => {
    const flowFacts = / {14}x-live-flow:\n(?: {16}.+\n)+/;
    expect(source).toMatch(flowFacts);
    const withFacts = (facts: string) => source.replace(createLinks, (block) => block.replace(flowFacts, facts));
    expect(await sessionLinkProblems(withFacts(''))).toEqual([
      'Link `poll` to FlightsService_PollSearch declares no `x-live-flow` (kind, results, terminalStatuses, pollIntervalSeconds).',
    ]);
    const wrong = [
      '              x-live-flow:',
      '                kind: booking',
      '                results: 12',
      '                terminalStatuses: []',
      '                pollIntervalSeconds: 0',
      '',
    ].join('\n');
    expect(await sessionLinkProblems(withFacts(wrong))).toEqual([
      'Link `poll` to FlightsService_PollSearch `x-live-flow.kind` must be one of search, refresh.',
      'Link `poll` to FlightsService_PollSearch `x-live-flow.results` must name a collection of `content.results`.',
      'Link `poll` to FlightsService_PollSearch `x-live-flow.terminalStatuses` must list the statuses after which the session is not polled again.',
      'Link `poll` to FlightsService_PollSearch `x-live-flow.pollIntervalSeconds` must be a number of seconds above 0.',
    ]);
  });

  it('fails a link to an operation the document lacks', async () => {
    const broken = source.replace(createLinks, (block) =>
      block.replace('operationId: FlightsService_PollSearch', 'operationId: FlightsService_PollSearchTypo'),
    );
    expect(await sessionLinkProblems(broken)).toEqual([
      'Link `poll` names no operation of this document (`FlightsService_PollSearchTypo`).',
    ]);
  });

  it('fails a link that fills a parameter the target lacks, or from a field the answer does not declare', async () => {
    const wrongParameter = source.replace(createLinks, (block) =>
      block.replace('sessionToken: $response.body#/sessionToken', 'token: $response.body#/sessionToken'),
    );
    expect(await sessionLinkProblems(wrongParameter)).toEqual([
      'Link `poll`: `token` is not a path parameter of FlightsService_PollSearch.',
    ]);
    const wrongField = source.replace(createLinks, (block) =>
      block.replace('sessionToken: $response.body#/sessionToken', 'sessionToken: $response.body#/searchToken'),
    );
    expect(await sessionLinkProblems(wrongField)).toEqual([
      'Link `poll`: `sessionToken` must come from `$response.body#/<property>` of a property this answer declares, not `$response.body#/searchToken`.',
    ]);
  });
});
