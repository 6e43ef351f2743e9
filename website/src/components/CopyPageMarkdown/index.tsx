/**
 * "Copy page as Markdown": copies the page's markdown version (`<page>.md`, written by
 * src/plugins/llms at build time) to the clipboard, for pasting into an AI assistant, with a link
 * to open that markdown. Shown on every guide (src/theme/DocItem/Content) and every API reference
 * page (src/plugins/apiReference/theme/ApiReference). The result is announced in a live region.
 */
import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

type State = 'idle' | 'copying' | 'copied' | 'failed';

const messages: Record<State, string> = {
  idle: '',
  copying: 'Copying…',
  copied: 'Copied the page as Markdown.',
  failed: 'Could not copy: open the Markdown instead.',
};

export default function CopyPageMarkdown({
  markdownUrl,
  className,
}: {
  markdownUrl: string;
  className?: string;
}): ReactNode {
  const [state, setState] = useState<State>('idle');

  const copy = async (): Promise<void> => {
    setState('copying');
    try {
      const response = await fetch(markdownUrl);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className={clsx(styles.bar, className)} data-copy-markdown="">
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={copy}
        disabled={state === 'copying'}>
        Copy page as Markdown
      </button>
      {/* A plain link: the markdown is a static file, outside the router and its link check. */}
      <a className={styles.link} href={markdownUrl} type="text/markdown">
        View as Markdown
      </a>
      <span className={styles.status} role="status" aria-live="polite">
        {messages[state]}
      </span>
    </div>
  );
}
