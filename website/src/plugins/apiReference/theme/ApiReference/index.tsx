/**
 * An API reference page `/api/<slug>/` (route added by src/plugins/apiReference). The server renders
 * an outline of the specification (title, tags, operations, with Redoc's anchors), so the page is
 * readable, in either colour mode, from the first paint; in the browser Redoc then renders the
 * whole reference from `/openapi/<slug>.json` and replaces the outline.
 */
import {lazy, Suspense, useCallback, useEffect, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import BrowserOnly from '@docusaurus/BrowserOnly';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useColorMode} from '@docusaurus/theme-common';
import {specUrl} from '@site/config/apis';
import type {ReferenceOutline} from '../../outline';
import {readPalette, redocOptions} from './redocTheme';
import {makeCodeSamplesFocusable, useRedocScan} from './useRedocScan';
import styles from './styles.module.css';
import './redocOverrides.css';
import TryItButtons from './TryItButtons';
import CopyMarkdown from './CopyMarkdown';

const RedocStandalone = lazy(() => import('redoc').then((module) => ({default: module.RedocStandalone})));

/** Height of the navbar, which Redoc keeps clear when it scrolls to an operation. */
const navbarHeight = 60;

/**
 * The server-rendered outline, under Redoc's anchors. It is an `article` with linked headings, the
 * markup the local search indexes: each operation becomes a search entry.
 */
function Outline({outline}: {outline: ReferenceOutline}): ReactNode {
  const specHref = useBaseUrl(specUrl(outline));
  return (
    <article className={styles.outline}>
      <Heading as="h1">
        {outline.title} <span className={styles.version}>{outline.version}</span>
      </Heading>
      <p>{outline.summary}</p>
      <p className={styles.loading} role="status">
        Loading the full reference… The specification is also available as{' '}
        {/* `pathname://`: a static file, outside the router and its route-based link check. */}
        <Link to={`pathname://${specHref}`}>OpenAPI JSON</Link>.
      </p>
      {outline.tags.map((tag) => (
        <section key={tag.name}>
          <Heading as="h2" id={tag.anchor}>
            {tag.name}
          </Heading>
          <p>{tag.description}</p>
          {tag.operations.map((operation) => (
            <section key={operation.operationId}>
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
            </section>
          ))}
        </section>
      ))}
    </article>
  );
}

function Reference({outline}: {outline: ReferenceOutline}): ReactNode {
  const {colorMode} = useColorMode();
  const specHref = useBaseUrl(specUrl(outline));
  const [loaded, setLoaded] = useState(false);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const onLoaded = useCallback(() => setLoaded(true), []);

  // Once Redoc has replaced the outline, bring a deep link's operation into view again.
  useRedocScan(loaded ? container : null, makeCodeSamplesFocusable);

  useEffect(() => {
    if (!loaded || !window.location.hash) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    const section = document.querySelector(`[data-section-id="${CSS.escape(id)}"]`);
    if (section) window.scrollTo({top: section.getBoundingClientRect().top + window.scrollY - navbarHeight});
  }, [loaded]);

  return (
    <>
      {!loaded && <Outline outline={outline} />}
      <div ref={setContainer} className={loaded ? undefined : styles.pending} data-testid="redoc-container">
        <BrowserOnly>
          {() => {
            const dark = readPalette('dark');
            const light = readPalette('light');
            return (
              <Suspense fallback={null}>
                <RedocStandalone
                  key={colorMode}
                  specUrl={specHref}
                  options={redocOptions(colorMode === 'dark' ? dark : light, dark, light, navbarHeight)}
                  onLoaded={onLoaded}
                />
              </Suspense>
            );
          }}
        </BrowserOnly>
      </div>
      <TryItButtons slug={outline.slug} root={loaded ? container : null} />
    </>
  );
}

export default function ApiReference({outline}: {outline: ReferenceOutline}): ReactNode {
  return (
    <Layout
      title={`${outline.title} API reference`}
      description={`${outline.title} ${outline.version}: every operation, field, enum and error. ${outline.summary}`}>
      <main className={styles.page}>
        <CopyMarkdown />
        <Reference outline={outline} />
      </main>
    </Layout>
  );
}
