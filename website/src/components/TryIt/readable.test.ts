/**
 * The values of a live search as a reader reads them (readable.ts): counts in digits, distances with
 * their unit's short form, the arrival day markers of the usage guidelines (their own table,
 * website/docs/getting-started/usage-guidelines.mdx), and a headline that says whether it speaks of the
 * whole search or of the page held. Expectations are written out by hand.
 */
import {describe, expect, it} from 'vitest';
import {cellText, countInDigits, dayMarker, headline, quantityText} from './readable';

describe('countInDigits', () => {
  it('writes a count spelled out in words as digits, its noun in the plural but for one', () => {
    expect(countInDigits('two star')).toBe('2 stars');
    expect(countInDigits('one star')).toBe('1 star');
    expect(countInDigits('five star')).toBe('5 stars');
    expect(countInDigits('no star')).toBe('No stars');
  });

  it('leaves words that are no count as they are', () => {
    expect(countInDigits('half board')).toBe('half board');
    expect(countInDigits('full to full')).toBe('full to full');
    // A number word alone names nothing counted
    expect(countInDigits('two')).toBe('two');
  });
});

describe('quantityText', () => {
  it("gives a distance in its unit's short form, from the unit's words singular or plural", () => {
    expect(quantityText(0, 'Kilometer')).toBe('0 km');
    expect(quantityText(1.8, 'Kilometer')).toBe('1.8 km');
    expect(quantityText(12, 'Kilometers')).toBe('12 km');
    expect(quantityText(350, 'Meter')).toBe('350 m');
    expect(quantityText(2, 'Miles')).toBe('2 mi');
  });

  it('gives the number and the words of a unit it does not know', () => {
    expect(quantityText(3, 'Parsecs')).toBe('3 parsecs');
  });
});

describe('cellText', () => {
  const labels = new Map([
    ['STARS_TWO_STAR', {label: '2 stars', description: 'Two stars.'}],
    ['DISTANCE_UNIT_KILOMETER', {label: 'Kilometer', description: 'Kilometres.'}],
  ]);

  it('shows an enum value by its label, and an amount in a unit with the short form', () => {
    expect(cellText({text: 'STARS_TWO_STAR', enumValue: 'STARS_TWO_STAR'}, labels)).toBe('2 stars');
    expect(cellText({text: '0 DISTANCE_UNIT_KILOMETER', enumValue: 'DISTANCE_UNIT_KILOMETER', amount: 0}, labels)).toBe(
      '0 km',
    );
    expect(cellText({text: 'Hotel Example'}, labels)).toBe('Hotel Example');
  });

  it('keeps a value it has no label for as the answer gives it, and a missing cell as no text', () => {
    expect(cellText({text: 'STARS_SIX_STAR', enumValue: 'STARS_SIX_STAR'}, labels)).toBe('STARS_SIX_STAR');
    expect(cellText({missing: 'stars'}, labels)).toBeUndefined();
    expect(cellText(undefined, labels)).toBeUndefined();
  });
});

describe('dayMarker', () => {
  const at = (day: number, month = 3, year = 2027) => ({year, month, day, hour: 0, minute: 0});

  it("marks the usage guidelines' three arrivals +1, +2 and -1", () => {
    expect(dayMarker(at(15), at(16))).toBe('+1');
    expect(dayMarker(at(15), at(17))).toBe('+2');
    expect(dayMarker(at(16), at(15))).toBe('-1');
  });

  it('counts calendar days across a month and a year, and marks nothing on the same day', () => {
    expect(dayMarker(at(31), at(1, 4))).toBe('+1');
    expect(dayMarker(at(31, 12, 2027), at(1, 1, 2028))).toBe('+1');
    const late = {...at(15), hour: 23};
    expect(dayMarker(at(15), late)).toBe('');
  });

  it('marks nothing when a date is incomplete', () => {
    expect(dayMarker(undefined, at(16))).toBe('');
    expect(dayMarker({year: 2027, month: 3}, at(16))).toBe('');
  });
});

describe('headline', () => {
  const flights = {noun: 'itineraries', one: 'itinerary', total: undefined};
  const hotels = {noun: 'hotels', one: 'hotel'};

  it('speaks of the search when its answers hold all its results (no total: flights, car hire)', () => {
    expect(headline({...flights, count: 12}, undefined)).toEqual({count: '12 itineraries', cheapest: 'cheapest'});
    expect(headline({...flights, count: 1}, 0)).toEqual({count: '1 itinerary', cheapest: 'cheapest'});
  });

  it('names the page of a paged search, and its cheapest as the cheapest on this page', () => {
    expect(headline({...hotels, count: 15, total: 101}, 0)).toEqual({
      count: 'Hotels 1–15 of 101',
      cheapest: 'cheapest on this page',
    });
    expect(headline({...hotels, count: 15, total: 101}, 15)).toEqual({
      count: 'Hotels 16–30 of 101',
      cheapest: 'cheapest on this page',
    });
    expect(headline({...hotels, count: 1, total: 101}, 100)).toEqual({
      count: 'Hotel 101 of 101',
      cheapest: 'cheapest on this page',
    });
  });

  it('speaks of the search when its first page holds every result', () => {
    expect(headline({...hotels, count: 9, total: 9}, 0)).toEqual({count: '9 hotels', cheapest: 'cheapest'});
    // The same rows from a later offset are not the whole search
    expect(headline({...hotels, count: 9, total: 9}, 9).cheapest).toBe('cheapest on this page');
  });

  it('says so when the page is empty, or when it does not know which page it holds', () => {
    expect(headline({...hotels, count: 0, total: 101}, 105).count).toBe('No hotels on this page, 101 in all');
    expect(headline({...hotels, count: 15, total: 101}, undefined)).toEqual({
      count: '15 hotels on this page, 101 in all',
      cheapest: 'cheapest on this page',
    });
  });
});
