/**
 * Which fields and enum values of a schema a value holds, and which a schema can hold: the sandbox's
 * check that its answers produce every response field and enum value of the specs
 * (sandbox/src/responseCoverage.test.ts). A field or value is named by where its schema is written:
 * `Carrier.allianceName` (a property of a named schema), `Itinerary.legIds[]`, `Agent.<key>.name` (inside
 * an array's items or a map's values), `VehicleType VEHICLE_TYPE_VAN` (an enum value, by the enum's name).
 * Pure.
 */
import {resolveRef, responseMedia, type OpenApiDocument, type OperationObject, type Schema} from './openapi';

/** What a schema can hold, or what a value holds of it: field names and `<enum> <value>` names. */
export interface Coverage {
  fields: Set<string>;
  values: Set<string>;
}

const refName = (ref: string): string => decodeURIComponent(ref.slice(ref.lastIndexOf('/') + 1));

/** A schema and the name of where it is written (`Carrier`, `Carrier.name`). */
interface Place {
  schema: Schema;
  name: string;
}

/** The schema behind a place's `$ref` (named by its component), else the place itself. */
function target(doc: OpenApiDocument, place: Place): Place {
  let current = place;
  const seen = new Set<string>();
  while (current.schema.$ref && !seen.has(current.schema.$ref)) {
    seen.add(current.schema.$ref);
    current = {schema: resolveRef(doc, {$ref: current.schema.$ref}) as Schema, name: refName(current.schema.$ref)};
  }
  return current;
}

/** The places a place stands for: itself and its `allOf`, `oneOf` and `anyOf` members, resolved. */
function variants(doc: OpenApiDocument, place: Place): Place[] {
  const own = target(doc, place);
  const members = [...(own.schema.allOf ?? []), ...(own.schema.oneOf ?? []), ...(own.schema.anyOf ?? [])];
  return [own, ...members.flatMap((member) => variants(doc, {schema: member, name: own.name}))];
}

const enumOf = (place: Place): string[] =>
  (place.schema.enum ?? []).filter((value): value is string => typeof value === 'string');

/** Every field and enum value a schema can hold (each named schema walked once). */
export function schemaCoverage(doc: OpenApiDocument, root: Schema | undefined): Coverage {
  const coverage: Coverage = {fields: new Set(), values: new Set()};
  const walked = new Set<string>();
  const walk = (place: Place): void => {
    const own = target(doc, place);
    if (place.schema.$ref) {
      if (walked.has(own.name)) return;
      walked.add(own.name);
    }
    for (const value of enumOf(own)) coverage.values.add(`${own.name} ${value}`);
    for (const [name, property] of Object.entries(own.schema.properties ?? {})) {
      coverage.fields.add(`${own.name}.${name}`);
      walk({schema: property, name: `${own.name}.${name}`});
    }
    if (own.schema.items) walk({schema: own.schema.items, name: `${own.name}[]`});
    if (own.schema.additionalProperties && typeof own.schema.additionalProperties === 'object')
      walk({schema: own.schema.additionalProperties, name: `${own.name}.<key>`});
    for (const member of [...(own.schema.allOf ?? []), ...(own.schema.oneOf ?? []), ...(own.schema.anyOf ?? [])])
      walk({schema: member, name: own.name});
  };
  if (root) walk({schema: root, name: root.$ref ? refName(root.$ref) : '(answer)'});
  return coverage;
}

/** The fields and enum values of a schema that a value holds (present, not null). */
export function valueCoverage(
  doc: OpenApiDocument,
  root: Schema | undefined,
  value: unknown,
  into?: Coverage,
): Coverage {
  const coverage = into ?? {fields: new Set(), values: new Set()};
  const walk = (place: Place, node: unknown): void => {
    if (node === undefined || node === null) return;
    for (const variant of variants(doc, place)) {
      if (typeof node === 'string' && enumOf(variant).includes(node)) coverage.values.add(`${variant.name} ${node}`);
      if (Array.isArray(node)) {
        if (variant.schema.items)
          for (const item of node) walk({schema: variant.schema.items, name: `${variant.name}[]`}, item);
        continue;
      }
      if (typeof node !== 'object') continue;
      for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
        const property = variant.schema.properties?.[key];
        if (property) {
          if (child !== undefined && child !== null) coverage.fields.add(`${variant.name}.${key}`);
          walk({schema: property, name: `${variant.name}.${key}`}, child);
        } else if (variant.schema.additionalProperties && typeof variant.schema.additionalProperties === 'object') {
          walk({schema: variant.schema.additionalProperties, name: `${variant.name}.<key>`}, child);
        }
      }
    }
  };
  if (root) walk({schema: root, name: root.$ref ? refName(root.$ref) : '(answer)'}, value);
  return coverage;
}

/** The schema of an operation's success answer (200). */
export const answerSchema = (doc: OpenApiDocument, operation: OperationObject): Schema | undefined =>
  responseMedia(doc, operation, '200')?.schema;

/** A place in a value where its schema takes one of an enum's values, or a list of them. */
export interface EnumSite {
  /** The path to the value (to the list, for a list of values): property names and array indexes. */
  path: (string | number)[];
  /** The path written for people: `query.cabinClass`, `query.includedEntityTypes[]`. */
  name: string;
  /** The values the enum allows. */
  values: string[];
  /** Whether the place holds a list of values (send `[value]` to try one). */
  list: boolean;
}

/** Every place a value holds an enum value of its schema (a request example: where its enums are sent). */
export function enumSites(doc: OpenApiDocument, root: Schema | undefined, value: unknown): EnumSite[] {
  const sites: EnumSite[] = [];
  const add = (site: EnumSite) => {
    if (!sites.some((known) => known.name === site.name)) sites.push(site);
  };
  const walk = (schema: Schema, node: unknown, path: (string | number)[], name: string): void => {
    for (const variant of variants(doc, {schema, name: ''})) {
      if (typeof node === 'string' && enumOf(variant).length > 0)
        add({path, name, values: enumOf(variant), list: false});
      else if (Array.isArray(node) && variant.schema.items) {
        const items = variants(doc, {schema: variant.schema.items, name: ''}).flatMap(enumOf);
        if (items.length > 0) add({path, name: `${name}[]`, values: items, list: true});
        else node.forEach((item, index) => walk(variant.schema.items!, item, [...path, index], `${name}[]`));
      } else if (node && typeof node === 'object') {
        for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
          const property = variant.schema.properties?.[key];
          if (property) walk(property, child, [...path, key], name ? `${name}.${key}` : key);
        }
      }
    }
  };
  if (root) walk(root, value, [], '');
  return sites;
}

/**
 * A copy of a value with every integer its schema bounds by a `maximum` set to that maximum (a request
 * example asking for its largest page), or undefined when no integer of the value has one.
 */
export function atMaximum(doc: OpenApiDocument, root: Schema | undefined, value: unknown): unknown {
  let changed = false;
  const walk = (schema: Schema, node: unknown): unknown => {
    for (const variant of variants(doc, {schema, name: ''})) {
      if (typeof node === 'number' && typeof variant.schema.maximum === 'number' && variant.schema.maximum !== node) {
        changed = true;
        return variant.schema.maximum;
      }
      if (Array.isArray(node) && variant.schema.items) return node.map((item) => walk(variant.schema.items!, item));
      if (node && typeof node === 'object' && variant.schema.properties) {
        return Object.fromEntries(
          Object.entries(node as Record<string, unknown>).map(([key, child]) => {
            const property = variant.schema.properties?.[key];
            return [key, property ? walk(property, child) : child];
          }),
        );
      }
    }
    return node;
  };
  const result = root ? walk(root, value) : value;
  return changed ? result : undefined;
}
