/**
 * The documentation as markdown pages, as the site makes its `<page>.md` files (website/src/plugins/llms)
 * and with the same functions: the guides gathered by `gatherGuides` of `@portal/content` (the docs
 * sidebar and the routes are that package's), the guide categories' pages, each API's reference, all
 * written by `docsMarkdownPages`. Read from the repository's guides (website/docs), so the server needs no
 * build of the site and no network. The site's own components (its tables of downloads, the check's rules)
 * render from the site's build, which the server does not have: each is written as a pointer to its page,
 * but for a number of the check's (`CheckLimit`), written as the site writes it.
 */
import path from 'node:path';
import {checkLimitText} from '@portal/check/model';
import {
  docsMarkdownPages,
  markdownCode,
  type ComponentForm,
  type ComponentForms,
  type MarkdownPage as ContentPage,
} from '@portal/content';
import type {OpenApiDocument} from '@portal/specs';

export type MarkdownPage = Pick<ContentPage, 'title' | 'path' | 'markdownPath' | 'markdown'>;

/** The guides' folder. */
export const docsDir = path.resolve(__dirname, '../../website/docs');

/** A component of the site in a page: what it is, and the page that shows it. */
const sitePointer: ComponentForm = ({name, page, inline}) => {
  const pointer = `the page on the site shows its ${markdownCode(name)} here: ${page}`;
  return inline ? `(${pointer})` : `_(${pointer[0].toUpperCase()}${pointer.slice(1)}.)_`;
};

/** The components whose form needs no build: a number of the check's inside a sentence, as the site writes it. */
const forms: ComponentForms = {CheckLimit: ({props}) => checkLimitText(props.of)};

/**
 * Every page the server serves: the guides, the guide categories' pages and the references. The stdio
 * server (server.ts) makes them when it starts; the one file (oneFile/build.ts) and the Worker
 * (worker/build.ts) make them when they are built, and hold them. A guide whose MDX does not convert is
 * left out and reported to `skip` (the site's build stops on it); without `skip`, it stops here.
 */
export const markdownPages = (
  bundles: Map<string, OpenApiDocument>,
  skip?: (file: string, error: unknown) => void,
): MarkdownPage[] =>
  docsMarkdownPages(
    {docsDir},
    {
      bundles,
      components: forms,
      unknownComponent: sitePointer,
      skip: skip && ((page, error) => skip(page.file ?? page.path, error)),
    },
  ).map(({title, path: pagePath, markdownPath, markdown}) => ({title, path: pagePath, markdownPath, markdown}));
