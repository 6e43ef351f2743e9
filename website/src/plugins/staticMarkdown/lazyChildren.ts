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
 * property's value `X` becomes `() => _staticMarkdown[n](_components)`, and `X` the body of a function in
 * a list after the module's imports, `const _staticMarkdown = [..., function (_components) { return X; }]`
 * (a list, so that the minifier does not put a function used once back where it is called). Out of the
 * page's MDX function, the runs' code is not parsed again when that function first runs (the browser
 * compiles a function when it is first called, the functions inside it included; a function of the
 * module is compiled when it is). A run whose markdown reads any other name of the MDX function stays a
 * function inside it.
 */
import type {
  ArrayExpression,
  ArrowFunctionExpression,
  CallExpression,
  Expression,
  Node as EstreeNode,
  Pattern,
  Program,
  Property,
} from 'estree';
import {visit} from 'estree-util-visit';
import {islandComponent} from '.';

/** The name MDX gives the page's components inside its function, which a run's markdown reads. */
const componentsName = '_components';

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

/** The names a program declares at its top level (its imports, functions, classes and variables). */
export function moduleNames(program: Program): Set<string> {
  const names = new Set<string>();
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration'
        ? statement.declaration
        : statement;
    if (!declaration) continue;
    if (declaration.type === 'ImportDeclaration')
      for (const specifier of declaration.specifiers) names.add(specifier.local.name);
    else if ((declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') && declaration.id)
      names.add(declaration.id.name);
    else if (declaration.type === 'VariableDeclaration')
      for (const declarator of declaration.declarations) addPatternNames(declarator.id, names);
  }
  return names;
}

/** The names a declaration's pattern binds (`a`, `{jsx: _jsx}`, `[a, ...b]`, `a = 1`). */
function addPatternNames(pattern: Pattern, names: Set<string>): void {
  if (pattern.type === 'Identifier') {
    names.add(pattern.name);
  } else if (pattern.type === 'ObjectPattern') {
    for (const property of pattern.properties)
      addPatternNames(property.type === 'RestElement' ? property.argument : property.value, names);
  } else if (pattern.type === 'ArrayPattern') {
    for (const element of pattern.elements) if (element) addPatternNames(element, names);
  } else if (pattern.type === 'RestElement') {
    addPatternNames(pattern.argument, names);
  } else if (pattern.type === 'AssignmentPattern') {
    addPatternNames(pattern.left, names);
  }
}

/** The names an expression reads (not the property names it writes or reads through a dot). */
export function namesRead(expression: Expression): Set<string> {
  const names = new Set<string>();
  visit(expression, (node, key, _index, ancestors) => {
    if ((node as EstreeNode).type !== 'Identifier') return;
    const parent = ancestors.at(-1) as EstreeNode | undefined;
    if (key === 'property' && parent?.type === 'MemberExpression' && !parent.computed) return;
    if (key === 'key' && parent?.type === 'Property' && !parent.computed && !parent.shorthand) return;
    names.add((node as {name: string}).name);
  });
  return names;
}

/** The recma plugin. */
export default function recmaLazyStaticMarkdown() {
  return (tree: Program): void => {
    const known = moduleNames(tree);
    let listName = '_staticMarkdown';
    while (known.has(listName)) listName = `_${listName}`;
    const list: ArrayExpression = {type: 'ArrayExpression', elements: []};
    visit(tree, (node) => {
      const children = runChildren(node as EstreeNode);
      if (!children || children.value.type === 'ArrowFunctionExpression') return;
      const markdown = children.value as Expression;
      const movable = [...namesRead(markdown)].every((name) => name === componentsName || known.has(name));
      let body: Expression = markdown;
      if (movable) {
        list.elements.push({
          type: 'FunctionExpression',
          params: [{type: 'Identifier', name: componentsName}],
          body: {type: 'BlockStatement', body: [{type: 'ReturnStatement', argument: markdown}]},
          async: false,
          generator: false,
        });
        body = {
          type: 'CallExpression',
          callee: {
            type: 'MemberExpression',
            object: {type: 'Identifier', name: listName},
            property: {type: 'Literal', value: list.elements.length - 1},
            computed: true,
            optional: false,
          },
          arguments: [{type: 'Identifier', name: componentsName}],
          optional: false,
        };
      }
      const make: ArrowFunctionExpression = {
        type: 'ArrowFunctionExpression',
        params: [],
        body,
        expression: true,
        async: false,
        generator: false,
      };
      children.value = make;
    });
    if (!list.elements.length) return;
    // After the imports, before anything that could call the page's function (or return it, as MDX's
    // function-body output does), so that the list is there when a run is drawn
    const firstStatement = tree.body.findIndex((statement) => statement.type !== 'ImportDeclaration');
    tree.body.splice(firstStatement < 0 ? tree.body.length : firstStatement, 0, {
      type: 'VariableDeclaration',
      kind: 'const',
      declarations: [{type: 'VariableDeclarator', id: {type: 'Identifier', name: listName}, init: list}],
    });
  };
}
