/**
 * Golden test of the outline: a small spec in (specs/lib/fixtures/mini.openapi.json), the outline
 * written out by hand beside this file (outline.golden.json). When the outline's shape changes on
 * purpose, edit the golden file by hand and review the difference; never generate it with outlineOf.
 */
import {describe, expect, it} from 'vitest';
import type {OpenApiDocument} from '@portal/specs';
import mini from '@portal/specs/lib/fixtures/mini.openapi.json';
import golden from './outline.golden.json';
import {outlineOf} from './outline';

describe('outlineOf', () => {
  it('turns the fixture spec into the golden outline', () => {
    expect(outlineOf('mini', mini as unknown as OpenApiDocument)).toEqual(golden);
  });

  it('fails on an operation whose tag the document does not declare', () => {
    const doc = {...(mini as unknown as OpenApiDocument), tags: [{name: 'TripService'}]};
    expect(() => outlineOf('mini', doc)).toThrow('mini: operation PlaceService_ListPlaces has no declared tag');
  });
});
