/**
 * A remark plugin: `<GoLivePolicies />` (the Integration check page) becomes a list of the provider's go-live
 * policy for each API, read at build time from the root `x-go-live` of each bundled specification
 * (`goLivePolicies` of @portal/specs, specs/lib/goLive.ts), the same declaration `verify --for` and
 * `check --hosted --for` judge a run against (check/src/attest/policy.ts). So the page says exactly what the
 * provider will require, and costs no JavaScript. The markdown pages run the site's remark plugins first
 * (@portal/content mdxToMarkdown), so they show the same list.
 */
import {apis} from '@portal/content/apis';
import {checkScenarios, goLivePolicies, type GoLivePolicy, type OpenApiDocument} from '@portal/specs';
import {loadBundles, loadCheckApi} from '@portal/specs/node';
import {ruleAnchor} from '../../components/CheckRules/rules';

/** The mdast nodes this plugin reads and writes (the subset it needs). */
interface Node {
  type: string;
  name?: string | null;
  value?: string;
  url?: string;
  children?: Node[];
  ordered?: boolean;
  spread?: boolean;
}

const text = (value: string): Node => ({type: 'text', value});
const code = (value: string): Node => ({type: 'inlineCode', value});
const link = (url: string, children: Node[]): Node => ({type: 'link', url, children});

/** `a`, `b` and `c`, as nodes. */
function joined(items: Node[][]): Node[] {
  return items.flatMap((item, index) => [
    ...(index === 0 ? [] : [text(index === items.length - 1 ? ' and ' : ', ')]),
    ...item,
  ]);
}

/** One API's policy as a list item: what a run must show for it. */
function policyItem(policy: GoLivePolicy, allScenarios: string[]): Node {
  const api = apis.find((entry) => entry.slug === policy.slug);
  if (!api) throw new Error(`<GoLivePolicies />: ${policy.slug} is not one of the APIs of @portal/content/apis`);
  const asks: Node[][] = [
    policy.scenarios.length === allScenarios.length
      ? [text(`all ${allScenarios.length} scenarios`)]
      : [text('the scenarios '), ...joined(policy.scenarios.map((scenario) => [code(scenario)]))],
    [text('a call of '), ...joined(policy.operations.map((operation) => [code(operation)]))],
    ...(policy.completedSessions
      ? [
          [
            text(
              `${policy.completedSessions === 1 ? 'a live search' : `${policy.completedSessions} live searches`} seen through to `,
            ),
            code('RESULT_STATUS_COMPLETE'),
          ],
        ]
      : []),
    ...(policy.furtherPage ? [[text('then a further page of its results (a poll asking another offset)')]] : []),
    [
      text(policy.rules.length === 1 ? 'the rule ' : 'the rules '),
      ...joined(policy.rules.map((rule) => [link(`#${ruleAnchor(rule)}`, [code(rule)])])),
      text(' exercised and passed'),
    ],
  ];
  return {
    type: 'listItem',
    spread: false,
    children: [
      {
        type: 'paragraph',
        children: [
          {type: 'strong', children: [link(`/docs/category/${api.guideCategory}`, [text(api.title)])]},
          text(' ('),
          code(`--for ${api.guideFolder}`),
          text('): '),
          ...joined(asks),
          text('.'),
        ],
      },
    ],
  };
}

/** The list of every API's policy, in the order of the APIs. */
export function goLivePolicyList(bundles: Map<string, OpenApiDocument>, scenarioNames: string[]): Node {
  const policies = goLivePolicies(bundles, scenarioNames);
  const missing = apis.filter((api) => !policies.has(api.slug)).map((api) => api.slug);
  if (missing.length)
    throw new Error(`<GoLivePolicies />: no x-go-live in the specifications of ${missing.join(', ')}`);
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: apis.map((api) => policyItem(policies.get(api.slug)!, scenarioNames)),
  };
}

/** The remark plugin. It reads the bundles once per build, unless a test passes its own. */
export default function remarkGoLivePolicies(
  options: {bundles?: Map<string, OpenApiDocument>; scenarioNames?: string[]} = {},
) {
  let list: Node | undefined;
  const rendered = () =>
    (list ??= goLivePolicyList(
      options.bundles ?? loadBundles(),
      options.scenarioNames ?? checkScenarios(loadCheckApi()),
    ));
  const replace = (node: Node): void => {
    node.children?.forEach((child, index) => {
      if (child.type === 'mdxJsxFlowElement' && child.name === 'GoLivePolicies') node.children![index] = rendered();
      else replace(child);
    });
  };
  return (tree: Node): void => replace(tree);
}
