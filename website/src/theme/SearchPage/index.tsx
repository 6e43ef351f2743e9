/**
 * Wraps the local search's results page (@theme-original/SearchPage, from
 * @easyops-cn/docusaurus-search-local), whose title lacks the site name: the title becomes
 * "<title> | API Developer Documentation" like every other page. Its search-context select
 * ("Everywhere" or "Blog": `searchContextByPaths` in config/search.ts) has no label, so a screen reader
 * announces it without a name (axe `select-name`, checked by e2e/a11y.spec.ts): this names it.
 */
import {useEffect, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import SearchPage from '@theme-original/SearchPage';

/** The id the original gives its search-context select. */
const contextSelectId = 'context-selector';

export default function SearchPageWithSiteTitle(): ReactNode {
  const query = new URLSearchParams(useLocation().search).get('q');
  // The original renders the select on every render, so the name set once stays on it.
  useEffect(() => {
    document.getElementById(contextSelectId)?.setAttribute('aria-label', 'Search in');
  }, []);
  return (
    <>
      <SearchPage />
      <PageMetadata title={query ? `Search results for "${query}"` : 'Search the documentation'} />
    </>
  );
}
