/**
 * The timeline of a "Poll until complete" session, once it has ended: the integration check's own
 * (`timelineHtml` of `@portal/check`, check/src/report/html.ts), so the console and
 * the check's report draw a session the same way: every call on a time axis, each poll's status,
 * action and result count, and the calls that break a rule of the check marked, with its table as the
 * text alternative, in the site's colour mode. The check's code loads with the first session. The
 * document has no script; it is shown in a frame that allows none, sized to its content once loaded.
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import type {OpenApiDocument} from '@portal/specs';
import type {Recording} from '@portal/check';
import {withColourMode} from '@portal/check/theme';
import {useColorMode} from '@docusaurus/theme-common';
import {validatorsOf} from './sandbox';
import styles from './styles.module.css';

const TITLE = 'Timeline of the session';

export default function SessionTimeline({
  session,
  slug,
  doc,
}: {
  session: Recording | undefined;
  slug: string;
  doc: OpenApiDocument;
}): ReactNode {
  // The timeline drawn, with the session it is of: a newer session shows nothing until its own is drawn
  const [drawn, setDrawn] = useState<{session: Recording; html: string} | undefined>();
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!session) return undefined;
    let current = true;
    void Promise.all([import('@portal/check'), validatorsOf(slug)]).then(
      async ([{judgeCheck, timelineHtml}, precompiledValidators]) => {
        const report = await judgeCheck([session], new Map([[slug, doc]]), 'Try it', 'har', {precompiledValidators});
        if (current) setDrawn({session, html: timelineHtml(report.runs[0], TITLE)});
      },
    );
    return () => {
      current = false;
    };
  }, [session, slug, doc]);

  const {colorMode} = useColorMode();
  const html = drawn && drawn.session === session ? withColourMode(drawn.html, colorMode) : undefined;
  if (!html) return null;
  // Same-origin (no script can run in it) so its height can be read
  // The document's height with its first and last blocks' margins (the body's own height leaves them out)
  // and the frame's 1 px border
  const fit = () => {
    const root = frame.current?.contentDocument?.documentElement;
    if (frame.current && root) frame.current.style.height = `${root.scrollHeight + 2}px`;
  };
  return (
    <iframe
      ref={frame}
      className={styles.timeline}
      title={TITLE}
      srcDoc={html}
      sandbox="allow-same-origin"
      onLoad={fit}
      data-testid="tryit-timeline"
    />
  );
}
