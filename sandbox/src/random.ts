/**
 * Deterministic randomness: the same query always gives the same answer. A query is hashed (FNV-1a
 * over its JSON with sorted keys) into the seed of a small PRNG (mulberry32).
 */

/** JSON with object keys sorted, so equal values give equal text. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const frozenTexts = new WeakMap<object, string>();

/**
 * `stableStringify` of an object, kept for a frozen one (it cannot change): a checked request's
 * parameters and body are frozen and shared by every call that sends the same (app.ts), and the live
 * searches key what they keep by their query's text on every call.
 */
export function stableText(value: object): string {
  const known = frozenTexts.get(value);
  if (known !== undefined) return known;
  const text = stableStringify(value);
  if (Object.isFrozen(value)) frozenTexts.set(value, text);
  return text;
}

/** FNV-1a, 32 bits, of a string. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A seeded pseudo-random sequence. */
export class Rng {
  private state: number;

  constructor(seed: unknown) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hash32(stableStringify(seed));
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Up to `count` different items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1));
      [copy[index], copy[other]] = [copy[other], copy[index]];
    }
    return copy.slice(0, Math.max(0, count));
  }

  /** A child sequence for a part of the answer, independent of how much the parent has drawn. */
  fork(label: unknown): Rng {
    return new Rng(`${this.state}:${stableStringify(label)}`);
  }
}

/** A short id of letters and digits drawn from a sequence. */
export const shortId = (rng: Rng, length = 8): string =>
  Array.from({length}, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[rng.int(0, 35)]).join('');

/** Great-circle distance in kilometres. */
export function distanceKm(a: {latitude: number; longitude: number}, b: {latitude: number; longitude: number}): number {
  const radians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * radians;
  const dLon = (b.longitude - a.longitude) * radians;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
