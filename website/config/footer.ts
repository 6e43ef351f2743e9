import type {Footer} from '@docusaurus/theme-common';
import {apis, guideCategoryPath} from './apis';
import {affiliatesUrl} from './site';

/** The footer links: get started, FAQs, change log, API guide categories (`inFooter`), affiliates. */
export const footer = (): Footer => ({
  style: 'dark',
  links: [
    {
      title: 'Documentation',
      items: [
        {label: 'Get started', to: '/docs/intro'},
        {label: 'FAQs', to: '/docs/faqs'},
        {label: 'Change log', to: '/docs/change-log'},
      ],
    },
    {
      title: 'API guides',
      items: apis.filter((api) => api.inFooter).map((api) => ({label: api.title, to: guideCategoryPath(api)})),
    },
    {
      title: 'Partners',
      items: [
        {label: 'Affiliates programme', href: affiliatesUrl},
        {label: 'Referral links guide', to: '/docs/category/affiliates-link-api'},
        {label: 'Blog', to: '/blog'},
      ],
    },
  ].filter((column) => column.items.length > 0),
  copyright: `API Developer Documentation. Content and specifications for partner integrations.`,
});
