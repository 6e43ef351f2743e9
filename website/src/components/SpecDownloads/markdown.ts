/**
 * The markdown forms of `SpecDownloads` and `SandboxEnvironmentLink` (./index.tsx), from the same list of
 * APIs and files (./artefacts.ts): the table with each API's reference page and its four downloads, and
 * the link to the sandbox's Postman environment. Registered in ../markdown.ts.
 */
import {markdownCode, markdownText, type ComponentForms} from '@portal/content';
import {apis, referencePath} from '@portal/content/apis';
import {artefacts, fileName, sandboxEnvironmentUrl} from './artefacts';

export const specDownloadsMarkdown: ComponentForms = {
  SpecDownloads: () =>
    [
      `| API | ${artefacts.map((artefact) => artefact.label).join(' | ')} |`,
      `| - |${artefacts.map(() => ' - |').join('')}`,
      ...apis.map((api) => {
        const files = artefacts.map((artefact) => {
          const path = artefact.file(api);
          return `[${markdownCode(fileName(path))}](${path})`;
        });
        return `| [${markdownText(api.title)}](${referencePath(api)}) | ${files.join(' | ')} |`;
      }),
    ].join('\n'),

  SandboxEnvironmentLink: () => `[${markdownCode(fileName(sandboxEnvironmentUrl))}](${sandboxEnvironmentUrl})`,
};
