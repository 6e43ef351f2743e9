/**
 * The change log plugin: after the build, writes the feeds of the change log page
 * (`/docs/change-log/rss.xml` and `atom.xml`) from the page's HTML (`feed.ts`). The release sections of
 * the page come from its remark plugin (`specReleases.ts`), which docusaurus.config.ts gives the docs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {changelogEntries, changelogFeed, feedFiles} from './feed';

/** The route of the change log, the page of docs/change-log.mdx. */
export const changelogPath = '/docs/change-log';

export default function changelogPlugin(context: LoadContext): Plugin {
  return {
    name: 'changelog',

    async postBuild({outDir}) {
      const folder = path.join(outDir, ...changelogPath.split('/').filter(Boolean));
      const page = path.join(folder, 'index.html');
      if (!fs.existsSync(page)) throw new Error(`changelog: the change log page was not built at ${page}`);
      const siteUrl = context.siteConfig.url.replace(/\/$/, '');
      const feed = changelogFeed(changelogEntries(fs.readFileSync(page, 'utf8'), siteUrl), {
        siteUrl,
        pagePath: changelogPath,
        title: `${context.siteConfig.title} change log`,
        description: 'Changes to the documentation, the guides and the API specifications, newest first.',
        author: context.siteConfig.title,
      });
      fs.writeFileSync(path.join(folder, feedFiles.rss), feed.rss2());
      fs.writeFileSync(path.join(folder, feedFiles.atom), feed.atom1());
    },
  };
}
