/**
 * The markdown form of `EntityIdFinder` (./index.tsx), an interactive search that shows nothing until a
 * reader types: what it searches and shows, and where to use it. Registered in ../markdown.ts.
 */
import type {ComponentForms} from '@portal/content';

export const entityIdFinderMarkdown: ComponentForms = {
  EntityIdFinder: ({page}) =>
    `_On [this page](pathname://${page}), an interactive finder: type a place name or an IATA code ("London, Heathrow, EDI, Spain…") to see the matching places, each with its entity id, type, IATA code and the places it is inside, and copy an id. It searches the sandbox's place data in the browser._`,
};
