/**
 * Where a run's timeline (html.tsx `Timeline`) puts its marks: one lane per session (and one for the calls
 * outside sessions), each call a bar from its start to its end, with its label above it, on a time axis wide
 * enough that consecutive calls' labels do not overlap (within 4000 px), and the axis's ticks. Numbers only,
 * to a tenth of a pixel; html.tsx draws them. Browser-safe.
 */
import type {Exchange, RunReport} from '../model';
import {sessionCalls, shortStatus, violationsOf} from './shared';

/** A coordinate to a tenth of a pixel. */
export const round = (value: number): number => Math.round(value * 10) / 10;

/** One call's mark: its bar's left edge, top and width, its label, and the rules it breaks. */
export interface Mark {
  call: Exchange;
  x0: number;
  bar: number;
  barWidth: number;
  label: string;
  broken?: string[];
}

/** A lane: its title's place and its calls' marks. */
export interface Lane {
  title: string;
  x: number;
  y: number;
  marks: Mark[];
}

export interface TimelineLayout {
  lanes: Lane[];
  /** Each tick of the time axis: its x and its second. */
  ticks: {x: number; second: number}[];
  width: number;
  height: number;
  /** The time the axis spans, ms. */
  span: number;
  /** How many calls carry an injected fault, and how many break a rule. */
  faults: number;
  breaking: number;
}

/** A tick step, in seconds, that leaves at least 48 px between ticks. */
const tickStep = (pxPerSecond: number): number =>
  [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600].find((step) => step * pxPerSecond >= 48) ?? 7200;

/** The short label of a call above its mark: its status, and what a create or poll answered. */
function markLabel(exchange: Exchange, resultStatus?: string, action?: string, results?: number): string {
  return [exchange.response.status, shortStatus(resultStatus), shortStatus(action), results ?? '']
    .filter((part) => part !== '')
    .join(' ');
}

export function timelineLayout(run: RunReport): TimelineLayout {
  const recording = run.recording;
  const exchanges = recording.exchanges;
  const inSession = sessionCalls(run);
  const violations = violationsOf(run);
  const groups = [
    ...run.sessions.map((session) => ({
      title: `Session ${session.id} · ${session.slug}`,
      calls: session.calls.flatMap((call) => exchanges.filter((exchange) => exchange.index === call.index)),
    })),
    {
      title: run.sessions.length ? 'Other calls' : 'Calls',
      calls: exchanges.filter((call) => !inSession.has(call.index)),
    },
  ].filter((group) => group.calls.length);
  const span = Math.max(1000, recording.program?.durationMs ?? 0, ...exchanges.map((call) => call.endedMs));
  // Wide enough that consecutive calls' labels do not overlap, within 4000 px.
  const starts = [...new Set(exchanges.map((call) => call.startedMs))].sort((a, b) => a - b);
  const gaps = starts.slice(1).map((start, at) => start - starts[at]);
  const pxPerMs = Math.max(720 / span, Math.min(14 / Math.min(Infinity, ...gaps), 4000 / span));
  const left = 12;
  const width = Math.ceil(left + span * pxPerMs + 24);
  const x = (ms: number): number => round(left + ms * pxPerMs);
  const label = (call: Exchange): string => {
    const traced = inSession.get(call.index)?.call;
    return markLabel(call, traced?.resultStatus, traced?.resultAction, traced?.results);
  };
  const lanes: Lane[] = [];
  let y = 24;
  for (const group of groups) {
    const labelHeight = round(Math.max(...group.calls.map((call) => label(call).length)) * 6.2 + 8);
    const bar = y + 20 + labelHeight;
    lanes.push({
      title: group.title,
      x: left,
      y: y + 12,
      marks: group.calls.map((call) => {
        const x0 = x(call.startedMs);
        return {
          call,
          x0,
          bar,
          barWidth: round(Math.max(3, x(call.endedMs) - x0)),
          label: label(call),
          broken: violations.get(call.index),
        };
      }),
    });
    y = bar + 34;
  }
  const height = y + 4;
  const step = tickStep(pxPerMs * 1000);
  const ticks: TimelineLayout['ticks'] = [];
  for (let second = 0; second * 1000 <= span + 1e-9; second = Math.round((second + step) * 10) / 10)
    ticks.push({x: x(second * 1000), second});
  return {
    lanes,
    ticks,
    width,
    height,
    span,
    faults: exchanges.filter((call) => call.fault).length,
    breaking: violations.size,
  };
}
