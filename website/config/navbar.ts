import type {Navbar} from '@docusaurus/theme-common';
import {apis, referencePath} from './apis';

/** The top navigation: Docs, the API reference menu (from `apis.ts`), Blog, colour mode, search. */
export const navbar = (): Navbar => ({
  title: 'API Developer Documentation',
  logo: {alt: 'API Developer Documentation logo', src: 'img/logo.svg'},
  hideOnScroll: true,
  items: [
    {type: 'doc', docId: 'intro', label: 'Docs', position: 'left'},
    {
      type: 'dropdown',
      label: 'API reference',
      position: 'left',
      to: '/#apis',
      items: [...apis.map((api) => ({label: api.title, to: referencePath(api)})), {label: 'All APIs', to: '/#apis'}],
    },
    {to: '/blog', label: 'Blog', position: 'left'},
    {type: 'search', position: 'right'},
  ],
});
