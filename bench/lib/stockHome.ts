/**
 * The home page of the stock site of `bench:site` (./stockSite.ts): website/src/pages/index.tsx, a React
 * page, as src/pages/index.mdx in stock markup: the same text, headings (with their ids) and links, its
 * buttons and cards as links and headings, the API catalogue from website/config/apis.ts; and the site's
 * title and tagline, as website/docusaurus.config.ts sets them.
 */
import {apiFamilies, apis, guideCategoryPath, referencePath} from '@portal/website/config/apis';
import {firstCall, steps, useCases} from '@portal/website/config/home';

export const title = 'API Developer Documentation';
export const tagline = 'Build flight, car hire and hotel search on live travel data';

/** website/src/pages/index.tsx as a stock MDX page: its text, headings (with their ids) and links; buttons become links. */
export function homePage(): string {
  const catalogue = apiFamilies.flatMap((family) => [
    `### ${family.title} {/* #family-${family.id} */}`,
    family.summary,
    ...apis
      .filter((api) => api.family === family.id)
      .flatMap((api) => [
        `#### ${api.title}`,
        api.summary,
        `[Guides](${guideCategoryPath(api)}) · [API reference](${referencePath(api)})`,
      ]),
  ]);
  const frontMatter = [
    '---',
    'title: Travel APIs for partners',
    `description: ${JSON.stringify('Guides, API reference and examples for thirteen travel APIs: flights, car hire, hotels and reference data.')}`,
    'hide_table_of_contents: true',
    '---',
  ];
  const body = [
    `${apis.length} REST APIs · JSON over HTTPS`,
    `# ${title}`,
    `${tagline}. Guides, references generated from the OpenAPI specifications, and examples you can run.`,
    '[Get started](/docs/intro) · [Browse the APIs](#apis)',
    '## What you can build {/* #build */}',
    ...useCases.flatMap((useCase) => [`### ${useCase.title}`, useCase.text]),
    '## The APIs {/* #apis */}',
    'Every API shares the same conventions: an API key in a header, JSON bodies, prices as exact integers with a unit (see [price units](/docs/getting-started/requests-and-responses#price-units)), and the same error body.',
    ...catalogue,
    '## Get started in three steps {/* #start */}',
    steps
      .map((step, index) => `${index + 1}. ### ${step.title}\n\n   ${step.text} [${step.link}](${step.to})`)
      .join('\n\n'),
    `\`\`\`bash title="Your first call"\n${firstCall}\n\`\`\``,
    '[Read the getting-started guides](/docs/category/getting-started)',
  ];
  return `${frontMatter.join('\n')}\n\n${body.join('\n\n')}\n`;
}
