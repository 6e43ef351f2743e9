/**
 * The live session just run, as a program in each language CI runs (`liveLoopPrograms` of @portal/specs:
 * the loop Create and poll teaches, with this session's create body and, when its poll takes one, the
 * poll body it last sent). Like every sample, it reads API_BASE_URL and API_KEY from the environment,
 * never the key typed here. website/test/liveLoops.test.ts runs each language of it against the sandbox.
 */
import {useMemo, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {liveLoopOf, liveLoopPrograms, type OpenApiDocument} from '@portal/specs';
import {liveCount, type LiveViewApi} from './liveView';
import type {LiveSession} from './useRun';
import styles from './styles.module.css';

const parsed = (text: string | undefined): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
};

export default function LoopCode({
  slug,
  doc,
  createId,
  live,
}: {
  slug: LiveViewApi;
  doc: OpenApiDocument;
  createId: string;
  live: LiveSession;
}): ReactNode {
  const guide = useBaseUrl('/docs/getting-started/create-and-poll#a-complete-polling-loop');
  const programs = useMemo(() => {
    const createBody = parsed(live.request.body);
    if (createBody === undefined) return undefined;
    const pollBody = parsed(live.plan.body);
    const loop = liveLoopOf(slug, doc, createId, {
      createBody,
      ...(pollBody === undefined ? {} : {pollBody}),
      count: liveCount(slug),
      what: 'this search',
    });
    return liveLoopPrograms(loop);
  }, [slug, doc, createId, live.request.body, live.plan.body]);
  if (!programs) return null;
  return (
    <section className={styles.group} aria-label="This session as a program" data-testid="tryit-loop-code">
      <p className={styles.legend}>This session as a program</p>
      <p className={styles.note}>
        The loop of <a href={guide}>Create and poll</a> with this search’s body
        {live.plan.body ? ' and the poll body it last sent' : ''}: create, then poll with backoff until the status is
        over, retrying 429, 500 and 503. It reads API_BASE_URL and API_KEY from the environment.
      </p>
      <Tabs lazy className={styles.sampleTabs}>
        {programs.map((program) => (
          <TabItem key={program.language} value={program.language} label={program.label}>
            <CodeBlock language={program.lang}>{program.source}</CodeBlock>
          </TabItem>
        ))}
      </Tabs>
    </section>
  );
}
