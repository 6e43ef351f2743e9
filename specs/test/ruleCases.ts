import {expect, it} from 'vitest';
import type {SpecValidator} from '@portal/specs/node';

/** A validation rule of the seeds, as a body that keeps it and the same body that breaks it. */
export interface RuleCase {
  rule: string;
  operation: string;
  valid: unknown;
  invalid: unknown;
  /** The bodies are responses of the operation (a rule on what the service sends). */
  response?: true;
}

/** One test per rule: the body without the fault validates, the body with it does not. */
export function testRules(validator: SpecValidator, cases: RuleCase[]): void {
  for (const {rule, operation, valid, invalid, response} of cases) {
    it(rule, () => {
      const check = (body: unknown) =>
        response ? validator.response(operation, body) : validator.request(operation, body);
      expect(check(valid).errors).toEqual([]);
      expect(check(invalid).valid).toBe(false);
    });
  }
}
