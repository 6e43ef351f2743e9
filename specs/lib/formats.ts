/**
 * The string and number formats the specifications' schemas are checked against: ajv-formats' full set and
 * OpenAPI's number formats. `createAjv()` (./validator.ts) adds them to the Ajv that compiles; precompiled
 * validators (./standalone.ts) require this module by name (`@portal/specs/formats`) for the same checks.
 */
import {fullFormats} from 'ajv-formats/dist/formats';

const int = (bits: number) => (value: number) =>
  Number.isInteger(value) && value >= -(2 ** (bits - 1)) && value < 2 ** (bits - 1);

/** OpenAPI's number formats, beside ajv-formats'. */
export const specFormats = {
  int32: {type: 'number', validate: int(32)},
  int64: {type: 'number', validate: int(64)},
  float: {type: 'number', validate: () => true},
  double: {type: 'number', validate: () => true},
} as const;

/** Every format a specification's schema may name, by name: what precompiled validators check with. */
export const formats = {...fullFormats, ...specFormats};
