/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
/**
 * The parts of a run's page shared by the report (html.tsx `reportHtml`) and the console's timeline
 * (`timelineHtml`): the legend, the timeline of its sessions (an SVG placed by timelineLayout.ts) and the
 * table of its calls, its text alternative; and the small pieces of markup html.tsx uses too.
 */
import type {Child} from 'hono/jsx';
import type {Exchange, RunReport} from '../model';
import {runName, seconds, sessionCalls, shortPath, shortStatus, violationsOf} from './shared';
import {LABEL_WIDTHS, timelineLayout, type Mark} from './timelineLayout';

/** The nodes on lines of their own in the page's source. */
export const lines = (...nodes: Child[]): Child[] => nodes.flatMap((node, at) => (at ? ['\n', node] : [node]));

const kind = (exchange: Exchange): string => {
  if (exchange.fault) return 'kfault';
  const status = exchange.response.status;
  if (status >= 500) return 'k5xx';
  if (status >= 400) return 'k4xx';
  if (status >= 200 && status < 300) return 'k2xx';
  return 'kother';
};

export const PathCell = ({url}: {url: string}) => (
  <td class="path">
    <code title={url}>{shortPath(url)}</code>
  </td>
);

/**
 * One call's mark on its lane, placed in percent of the axis by an inner SVG of its own (the axis is as wide
 * as the page): its label (shown from the widths of its tier, style.ts), its bar (3 px at least), and the
 * marks of a fault and of a broken rule.
 */
function CallMark({call, at, width, bar, label, tier, broken}: Mark) {
  const describe = [
    `#${call.index} at ${seconds(call.startedMs)} s: ${call.request.method} ${call.request.url} → ${call.response.status}`,
    call.fault ? `injected: ${call.fault.description}` : '',
    broken ? `breaks ${broken.join(', ')}` : '',
  ].filter(Boolean);
  // A bar 3 px wide on the narrowest axis or more is drawn to scale; a shorter one is 3 px wide.
  const scaled = (width * LABEL_WIDTHS[0]) / 100 >= 3;
  return (
    <g>
      <title>{describe.join('; ')}</title>
      <svg x={`${at}%`} y={bar} width={scaled ? `${width}%` : 1} height={scaled ? 14 : 1} overflow="visible">
        {tier !== undefined && (
          <text class={tier ? `t${tier}` : undefined} transform="translate(7 -3) rotate(-90)">
            {label}
          </text>
        )}
        <rect class={kind(call)} width={scaled ? '100%' : 3} height="14" rx="1" />
        {call.fault && <path class="faultmark" d="M0 26l5 -8l5 8z" />}
        {broken && (
          <>
            <rect class="viol" x={scaled ? 0 : -2} y="-2" width={scaled ? '100%' : 7} height="18" />
            <path class="viol" d="M12 18l8 8m0 -8l-8 8" />
          </>
        )}
      </svg>
    </g>
  );
}

/**
 * The timeline of a run: one lane per session (and one for the calls outside sessions) on a time axis as
 * wide as the page.
 */
export function Timeline({run}: {run: RunReport}) {
  const {lanes, ticks, height, span, faults, breaking} = timelineLayout(run);
  const sessions = run.sessions.length;
  const aria =
    `Timeline of the ${runName(run.recording)} run: ${run.recording.exchanges.length} calls over ${seconds(span)} s ` +
    `in ${sessions} session${sessions === 1 ? '' : 's'}; ${faults} fault${faults === 1 ? '' : 's'} injected; ` +
    `${breaking} call${breaking === 1 ? '' : 's'} breaking a rule. The table that follows lists them.`;
  return (
    <div class="scroll timeline">
      <svg role="img" aria-label={aria} width="100%" height={height}>
        {ticks.map(({at, text}) => (
          <>
            <line class="tick" x1={`${at}%`} y1="16" x2={`${at}%`} y2={height} />
            <text x={`${at}%`} dx="2" y="12">
              {text}
            </text>
          </>
        ))}
        {lanes.map((lane) => (
          <>
            <text class="lane" x="0" y={lane.y}>
              {lane.title}
            </text>
            {lane.marks.map((mark) => (
              <CallMark {...mark} />
            ))}
          </>
        ))}
      </svg>
    </div>
  );
}

const Num = ({value}: {value: string | number | undefined}) => <td class="num">{value ?? ''}</td>;

export function CallsTable({run}: {run: RunReport}) {
  const inSession = sessionCalls(run);
  const violations = violationsOf(run);
  const head = [
    '#',
    'session',
    'time s',
    'duration ms',
    'method',
    'path',
    'status',
    'result status',
    'action',
    'results',
    'fault injected',
    'breaks',
  ];
  const rows = run.recording.exchanges.map((call) => {
    const traced = inSession.get(call.index);
    return (
      <tr>
        <Num value={call.index} />
        <td>{traced ? `${traced.session.id} ${traced.call.role}` : ''}</td>
        <Num value={seconds(call.startedMs)} />
        <Num value={Math.round(call.endedMs - call.startedMs)} />
        <td>{call.request.method}</td>
        <PathCell url={call.request.url} />
        <Num value={call.response.status} />
        <td>{shortStatus(traced?.call.resultStatus)}</td>
        <td>{shortStatus(traced?.call.resultAction)}</td>
        <Num value={traced?.call.results} />
        <td>{call.fault?.description ?? ''}</td>
        <td class={violations.has(call.index) ? 'fail' : undefined}>{(violations.get(call.index) ?? []).join(', ')}</td>
      </tr>
    );
  });
  return (
    <div class="scroll">
      <table>
        <caption>The calls of the {runName(run.recording)} run</caption>
        <thead>
          <tr>
            {head.map((name) => (
              <th scope="col">{name}</th>
            ))}
          </tr>
        </thead>
        <tbody>{lines(...rows)}</tbody>
      </table>
    </div>
  );
}

export const Legend = () => (
  <p class="legend muted">
    <span>
      <i class="swatch k2xx"></i>2xx
    </span>
    <span>
      <i class="swatch k4xx"></i>4xx
    </span>
    <span>
      <i class="swatch k5xx"></i>5xx
    </span>
    <span>
      <i class="swatch kfault"></i>fault injected (▲)
    </span>
    <span>
      <i class="swatch kother"></i>other
    </span>
    <span>outlined with ✗: breaks a rule</span>
  </p>
);
