/**
 * The outline of a reference page that the server renders in the reference's slot (index.tsx), under
 * Redoc's anchors: the markup the local search indexes before postBuild puts Redoc's in its place. The
 * search's parser (`parseDocument` of @easyops-cn/docusaurus-search-local) makes an entry of each h2 and
 * h3 with the elements that follow it up to the next heading among its siblings, so every heading and
 * paragraph here is a sibling of the others: an operation's words belong to its own entry only, never
 * also to its tag's (Outline.test.tsx).
 */
import {Fragment, type ReactNode} from 'react';
import Heading from '@theme/Heading';
import type {ReferenceOutline} from '../../outline';
import styles from './styles.module.css';

/** An `article` with linked headings: each tag and each operation becomes a search entry. */
export default function Outline({outline}: {outline: ReferenceOutline}): ReactNode {
  return (
    <article className={styles.outline} data-reference-outline>
      <Heading as="h1">
        {outline.title} <span className={styles.version}>{outline.version}</span>
      </Heading>
      <p>{outline.summary}</p>
      {outline.tags.map((tag) => (
        <Fragment key={tag.name}>
          <Heading as="h2" id={tag.anchor}>
            {tag.name}
          </Heading>
          <p>{tag.description}</p>
          {tag.operations.map((operation) => (
            <Fragment key={operation.operationId}>
              <Heading as="h3" id={operation.anchor}>
                {operation.summary} ({operation.operationId.split('_')[1]})
              </Heading>
              <p>
                <code className={styles.method}>{operation.method}</code> <code>{operation.path}</code>
                {operation.open ? ' (no API key needed)' : ''}
              </p>
              {/* Path segments as words, so a search for a fragment such as "itineraryrefresh" finds the call. */}
              <p className={styles.names}>
                {operation.operationId} ·{' '}
                {operation.path
                  .split(/[/{}]+/)
                  .filter(Boolean)
                  .join(' ')}
              </p>
              {/* Redoc answers to `#operation/<operationId>` too. Field names and enum values are in a
                  heading, so that the search ranks the operation with the guides' headings. */}
              {operation.fields.length + operation.values.length > 0 && (
                <Heading as="h3" id={`operation/${operation.operationId}`} className={styles.names}>
                  Fields and values of {operation.operationId}: {[...operation.fields, ...operation.values].join(', ')}
                </Heading>
              )}
            </Fragment>
          ))}
        </Fragment>
      ))}
    </article>
  );
}
