/**
 * A recma plugin, after ./index.ts on the same pages (docusaurus.config.ts): each static run's markdown
 * is handed to `<StaticMarkdown>` as a function that makes it, not as the React elements themselves.
 * A page's MDX function makes every element of the page in one call the browser cannot interrupt; the
 * runs' elements are then discarded by hydration, which keeps the server's HTML (./StaticRun.tsx). With
 * their markdown behind a function, it is made only where a run is drawn by React (on the server, and in
 * the browser on a page reached by a link): on the change log, 177 runs' elements no longer made on load.
 *
 * It runs on the program MDX compiles (its JSX already turned into calls, as `@mdx-js/mdx` does before
 * user recma plugins): in every call whose first argument is the run's component, the `children`
 * property's value `X` becomes `() => X`.
 */
import type {ArrowFunctionExpression, CallExpression, Node as EstreeNode, Program, Property} from 'estree';
import {visit} from 'estree-util-visit';
import {islandComponent} from '.';

/** The `children` property of a call that makes a static run's element, if it is one. */
function runChildren(node: EstreeNode): Property | undefined {
  if (node.type !== 'CallExpression') return undefined;
  const [component, props] = (node as CallExpression).arguments;
  if (component?.type !== 'Identifier' || component.name !== islandComponent) return undefined;
  if (props?.type !== 'ObjectExpression') return undefined;
  return props.properties.find(
    (property): property is Property =>
      property.type === 'Property' &&
      !property.computed &&
      property.key.type === 'Identifier' &&
      property.key.name === 'children',
  );
}

/** The recma plugin. */
export default function recmaLazyStaticMarkdown() {
  return (tree: Program): void => {
    visit(tree, (node) => {
      const children = runChildren(node as EstreeNode);
      if (!children || children.value.type === 'ArrowFunctionExpression') return;
      const make: ArrowFunctionExpression = {
        type: 'ArrowFunctionExpression',
        params: [],
        body: children.value as ArrowFunctionExpression['body'],
        expression: true,
        async: false,
        generator: false,
      };
      children.value = make;
    });
  };
}
