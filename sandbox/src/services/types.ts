/** What a service handler gets: the validated, canonical request and the sandbox's context. */
import type {OpenApiDocument, Operation} from '@portal/specs';
import type {TokenSigner} from '../token';

/** The behaviours a caller can ask for on purpose (sandbox/README.md, "Scenarios"); declared only here. */
export const scenarios = ['429', '500', '503', 'failed', 'slow', 'empty'] as const;
export type Scenario = (typeof scenarios)[number];

export interface Call {
  operation: Operation;
  doc: OpenApiDocument;
  /** The request body in canonical form, valid against the operation's schema (undefined without one). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** Path and query parameters, typed as their schemas say. */
  params: Record<string, unknown>;
  /** Milliseconds since the epoch, from the app's clock. */
  now: number;
  scenario?: Scenario;
  tokens: TokenSigner;
}

/** Answers one operation with its 200 body, or throws a `SandboxError`. */
export type Handler = (call: Call) => unknown | Promise<unknown>;

/** A date as the specs write it. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

export const toDate = (date: LocalDate, hour = 0, minute = 0): Date =>
  new Date(Date.UTC(date.year, date.month - 1, date.day, hour, minute));
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
export const fromDate = (date: Date) => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth() + 1,
  day: date.getUTCDate(),
  hour: date.getUTCHours(),
  minute: date.getUTCMinutes(),
  second: 0,
});
/** A price in thousandths of the currency's unit, as the live APIs send it. */
export const milli = (amount: number) => ({amount: String(Math.round(amount * 100) * 10), unit: 'PRICE_UNIT_MILLI'});
export const noPrice = {amount: '', unit: 'PRICE_UNIT_UNSPECIFIED'};
