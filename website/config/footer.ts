/**
 * The footer links: get started, FAQs, change log; the guide category of every API of the one list
 * (apis.ts), a column per family; the affiliates programme, the referral links guide and the blog.
 */
import type {Footer} from '@docusaurus/theme-common';
import {apiFamilies, apis, guideCategoryPath} from './apis';
import {affiliatesUrl} from './site';

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
    ...apiFamilies.map((family) => ({
      title: family.title,
      items: apis
        .filter((api) => api.family === family.id)
        .map((api) => ({label: api.title, to: guideCategoryPath(api)})),
    })),
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
