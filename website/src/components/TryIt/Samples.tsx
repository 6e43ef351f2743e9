/**
 * The request as the reader has edited it, as code in the languages of `codeSamples` (@portal/specs),
 * one tab each; the code reads API_BASE_URL and API_KEY from the environment, never the key typed here.
 */
import {useMemo, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import {codeSamples} from '@portal/specs';
import type {EditedRequest} from './request';
import styles from './styles.module.css';

export default function Samples({request}: {request: EditedRequest}): ReactNode {
  const samples = useMemo(() => {
    let body: unknown;
    if (request.body !== undefined) {
      try {
        body = JSON.parse(request.body);
      } catch {
        return undefined;
      }
    }
    return codeSamples({
      method: request.method,
      path: request.path,
      query: request.query,
      headers: request.headers,
      body,
    });
  }, [request]);
  return (
    <section className={styles.group} aria-label="Code of this request">
      <p className={styles.legend}>This request as code (reads API_BASE_URL and API_KEY from the environment)</p>
      {samples ? (
        <Tabs lazy className={styles.sampleTabs}>
          {samples.map((sample) => (
            <TabItem key={sample.id} value={sample.id} label={sample.label}>
              <CodeBlock language={sample.lang}>{sample.source}</CodeBlock>
            </TabItem>
          ))}
        </Tabs>
      ) : (
        <p>The body is not valid JSON yet, so there is no code to show.</p>
      )}
    </section>
  );
}
