/**
 * Where a run's timeline (runParts.tsx `Timeline`) puts its marks: one lane per session (and one for the
 * calls outside sessions), each call a bar from its start to its end with its label above it, on a time axis
 * that spans the width it is drawn in (places in percent of it, so the whole run shows on a phone as on a
 * desktop), the axis's ticks on a step chosen from the run's duration, and for each label the widths at which
 * it shows clear of its neighbours. Numbers only; runParts.tsx draws them. Browser-safe.
 */
import type {Exchange, RunReport} from '../model';
import {sessionCalls, shortStatus, violationsOf} from './shared';

/** A coordinate to a tenth of a pixel. */
export const round = (value: number): number => Math.round(value * 10) / 10;

/** A place on the axis, in percent of its width, to a hundredth. */
const percent = (value: number): number => Math.round(value * 100) / 100;

/**
 * The axis widths, px, at which more labels show: tier 0 on every axis (a phone's 390 px page gives about
 * 310), tier 1 from 600 px, tier 2 from 1000 px; style.ts shows each tier from the page width that gives it.
 */
export const LABEL_WIDTHS = [300, 600, 1000] as const;
/** The least distance, px, between two labels shown together (a rotated 10 px label is about 11 px wide). */
const LABEL_GAP = 12;

/**
 * One call's mark: its place on the axis and its duration's width (percent of the axis), the top of its bar,
 * its label, the first tier of widths that shows the label (undefined: none does; its bar, title and table
 * row say it), and the rules it breaks.
 */
export interface Mark {
  call: Exchange;
  at: number;
  width: number;
  bar: number;
  label: string;
  tier?: number;
  broken?: string[];
}

/** A lane: its title's place and its calls' marks. */
export interface Lane {
  title: string;
  y: number;
  marks: Mark[];
}

export interface TimelineLayout {
  lanes: Lane[];
  /** Each tick of the time axis: its place (percent) and its second, and its text. */
  ticks: {at: number; second: number; text: string}[];
  height: number;
  /** The time the axis spans, ms. */
  span: number;
  /** How many calls carry an injected fault, and how many break a rule. */
  faults: number;
  breaking: number;
}

/** The grid's steps, s: the smallest that cuts the run into at most 9 parts is used. */
const STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14_400, 43_200, 86_400];
const tickStep = (spanMs: number): number =>
  STEPS.find((step) => spanMs / 1000 / step <= 9) ?? Math.ceil(spanMs / 1000 / 9 / 86_400) * 86_400;

/** A tick's text: seconds, or minutes from a step of a minute. */
const tickText = (second: number, step: number): string => (step >= 60 ? `${second / 60}m` : `${second}s`);

/**
 * Gives each mark of a lane the first tier whose axis shows its label clear of the labels shown with it:
 * the injected faults and the calls that break a rule first, then the rest in time order.
 */
function assignTiers(marks: Mark[]): void {
  const important = (mark: Mark) => Boolean(mark.call.fault || mark.broken);
  const order = [...marks.filter(important), ...marks.filter((mark) => !important(mark))];
  LABEL_WIDTHS.forEach((width, tier) => {
    const shown = marks.filter((mark) => mark.tier !== undefined);
    for (const mark of order) {
      if (mark.tier !== undefined) continue;
      if (shown.every((other) => (Math.abs(other.at - mark.at) * width) / 100 >= LABEL_GAP)) {
        mark.tier = tier;
        shown.push(mark);
      }
    }
  });
}

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
  const place = (ms: number): number => percent((Math.min(ms, span) / span) * 100);
  const label = (call: Exchange): string => {
    const traced = inSession.get(call.index)?.call;
    return markLabel(call, traced?.resultStatus, traced?.resultAction, traced?.results);
  };
  const lanes: Lane[] = [];
  let y = 24;
  for (const group of groups) {
    const labelHeight = round(Math.max(...group.calls.map((call) => label(call).length)) * 6.2 + 8);
    const bar = y + 20 + labelHeight;
    const marks = group.calls.map((call): Mark => {
      const at = place(call.startedMs);
      return {
        call,
        at,
        width: percent(Math.max(0, place(call.endedMs) - at)),
        bar,
        label: label(call),
        broken: violations.get(call.index),
      };
    });
    assignTiers(marks);
    lanes.push({title: group.title, y: y + 12, marks});
    y = bar + 34;
  }
  const height = y + 4;
  const step = tickStep(span);
  const ticks: TimelineLayout['ticks'] = [];
  for (let at = 0; at * step * 1000 <= span + 1e-9; at++) {
    const second = Math.round(at * step * 10) / 10;
    ticks.push({at: place(second * 1000), second, text: tickText(second, step)});
  }
  return {
    lanes,
    ticks,
    height,
    span,
    faults: exchanges.filter((call) => call.fault).length,
    breaking: violations.size,
  };
}
