/**
 * Wraps the local search's results page (@theme-original/SearchPage, from
 * @easyops-cn/docusaurus-search-local), whose title lacks the site name: the title becomes
 * "<title> | API Developer Documentation" like every other page.
 */
import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import SearchPage from '@theme-original/SearchPage';

export default function SearchPageWithSiteTitle(): ReactNode {
  const query = new URLSearchParams(useLocation().search).get('q');
  return (
    <>
      <SearchPage />
      <PageMetadata title={query ? `Search results for "${query}"` : 'Search the documentation'} />
    </>
  );
}
