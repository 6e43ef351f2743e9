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

let indexWritten: () => void = () => undefined;
/** Settles once the theme has read every built page and written the index (see ../apiReference). */
export const searchIndexWritten = new Promise<void>((resolve) => {
  indexWritten = resolve;
});

export default function searchTheme(context: LoadContext, options: unknown): Plugin {
  const theme = searchLocal.default(context, options as PluginOptions);
  return {
    ...theme,
    async postBuild(props) {
      await theme.postBuild?.(props);
      indexWritten();
      await compactIndexFiles(props.outDir);
    },
  };
}

searchTheme.validateOptions = searchLocal.validateOptions;
