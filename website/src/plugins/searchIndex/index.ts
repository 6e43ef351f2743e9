/**
 * The local search theme (@easyops-cn/docusaurus-search-local) with a smaller index: its own
 * lifecycle, then, after it has written the index files, those files without the serialized lunr
 * index (compactIndex.ts). The worker rebuilds the index from the documents (indexFromDocuments.ts,
 * wired in by the dependency patch on the worker in src/plugins/dependencyPatches/index.ts).
 */
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import * as searchLocalModule from '@easyops-cn/docusaurus-search-local';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {compactIndexFiles} from './compactIndex';

/** The package's CommonJS exports (its type declarations describe the options only). */
const searchLocal = searchLocalModule as unknown as {
  default: (context: LoadContext, options: PluginOptions) => Plugin;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};

export default function searchTheme(context: LoadContext, options: unknown): Plugin {
  const theme = searchLocal.default(context, options as PluginOptions);
  return {
    ...theme,
    async postBuild(props) {
      await theme.postBuild?.(props);
      await compactIndexFiles(props.outDir);
    },
  };
}

searchTheme.validateOptions = searchLocal.validateOptions;
