/**
 * What the hotels specs say of their validation rules beyond one request each (the rules themselves,
 * each proved both ways, are in ./hotelsRules.test.ts): the amenities' open enumeration, the agent-id
 * limit in `maxItems`, descriptions and `x-validation`, the restrictions relaxed or marked not confirmed,
 * the dates of the examples (reviews written before they are read), the shape of sort and pagination,
 * and the rules JSON Schema cannot say written as `x-validation` notes.
 */
import {describe, expect, it} from 'vitest';
import {loadBundles, mediaExamples, operations, requestMedia, responseMedia, SpecValidator} from '@portal/specs/node';
import {filtered} from './hotelsRequests';

const validator = new SpecValidator(loadBundles());

describe('hotels validation rules', () => {
  it('amenities are an open enumeration of HOTEL_AMENITY_* names', () => {
    const filter = (amenities: string[]) => filtered({amenitiesFilter: {values: amenities}});
    expect(
      validator.request('HotelsService_PollSearch', filter(['HOTEL_AMENITY_WIFI', 'HOTEL_AMENITY_SPA'])).errors,
    ).toEqual([]);
    expect(validator.request('HotelsService_PollSearch', filter(['WIFI'])).valid).toBe(false);
  });

  it('at most 200 agent ids per request: each list capped by maxItems, the two together in x-validation', () => {
    const query = validator.specs.get('hotels-live')!.components!.schemas!.HotelsLiveQuery as {
      'x-validation'?: string[];
      description?: string;
      properties: Record<string, {maxItems?: number; description?: string}>;
    };
    for (const list of ['includedAgentsIds', 'excludedAgentsIds']) {
      expect(query.properties[list].maxItems).toBe(200);
      expect(query.properties[list].description).toMatch(/At most 200 agent ids per request, counting .* together/);
    }
    expect(query.description).toMatch(/at most 200 agent ids per request/);
    expect((query['x-validation'] ?? []).join(' ')).toMatch(/together are at most 200/);
  });

  it('restrictions the seeds do not give are relaxed or marked not confirmed (description and x-validation)', () => {
    const schemas = (slug: string) =>
      validator.specs.get(slug)!.components!.schemas! as Record<
        string,
        {
          description?: string;
          'x-validation'?: string[];
          properties: Record<string, {pattern?: string; description?: string; items?: {pattern?: string}}>;
        }
      >;
    expect(schemas('hotels-content').HotelsContentRequest.properties.hotelIds.items?.pattern).toBeUndefined();
    expect(schemas('hotels-reviews').HotelsReviewsRequest.properties.hotelId.pattern).toBeUndefined();
    expect(schemas('hotels-live').HotelsLiveQuery.properties.entityId.pattern).toBeUndefined();
    const priceRange = schemas('hotels-live').PriceRangeFilter;
    // Each says so with a link to the one box that says why it is safe (website/docs/.../overview.mdx)
    const rangeBox = '[not confirmed](/docs/hotels-live-prices/overview#price-range)';
    expect(priceRange.description).toMatch(/The values are in whole units\s+of the search's currency/);
    expect(priceRange.description).toContain(rangeBox);
    expect(priceRange['x-validation']).toHaveLength(3);
    expect((priceRange['x-validation'] ?? []).filter((note) => !note.includes(rangeBox))).toEqual([]);
    const payPolicy = schemas('hotels-content').PayPolicy;
    const payBox = '[not confirmed](/docs/hotels-content/overview#pay-policy)';
    expect(payPolicy.properties.amount.description).toMatch(/a number in whole units of `currency`/);
    expect(payPolicy.properties.amount.description).toContain(payBox);
    expect((payPolicy['x-validation'] ?? []).join(' ')).toContain(payBox);
  });

  it('reviews are written before they are read: review dates precede every other hotels example date', () => {
    type LocalDate = {year: number; month: number; day: number};
    const isDate = (value: unknown): value is LocalDate =>
      !!value && typeof value === 'object' && ['year', 'month', 'day'].every((key) => key in value);
    const time = ({year, month, day}: LocalDate) => Date.UTC(year, month - 1, day);
    /** Every {year, month, day} in the request and response examples of an API. */
    const exampleDates = (slug: string): number[] => {
      const doc = validator.specs.get(slug)!;
      const found: number[] = [];
      const walk = (value: unknown): void => {
        if (isDate(value) && value.year > 0) found.push(time(value));
        if (value && typeof value === 'object') Object.values(value).forEach(walk);
      };
      for (const operation of operations(slug, doc)) {
        for (const media of [requestMedia(doc, operation), responseMedia(doc, operation)]) {
          for (const example of mediaExamples(doc, media).values()) walk(example);
        }
      }
      return found;
    };
    const reviewDates = exampleDates('hotels-reviews');
    const otherDates = ['hotels-live', 'hotels-indicative', 'hotels-content'].flatMap(exampleDates);
    expect(reviewDates.length).toBeGreaterThan(0);
    expect(otherDates.length).toBeGreaterThan(0);
    expect(Math.max(...reviewDates)).toBeLessThan(Math.min(...otherDates));
    expect(Math.max(...reviewDates)).toBeLessThan(Date.now());

    // and within a review: the stay, then the review, then the reply or the follow-up
    type Review = {
      checkinDate: LocalDate;
      reviewDate: LocalDate;
      hotelReply?: {date: LocalDate};
      additionalReview?: {date: LocalDate};
    };
    const doc = validator.specs.get('hotels-reviews')!;
    const [operation] = operations('hotels-reviews', doc);
    const reviews = [...mediaExamples(doc, responseMedia(doc, operation)).values()].flatMap(
      (example) => (example as {reviews: Review[]}).reviews,
    );
    expect(reviews.length).toBeGreaterThan(0);
    for (const review of reviews) {
      expect(time(review.checkinDate)).toBeLessThanOrEqual(time(review.reviewDate));
    }
    // The examples hold both kinds of follow-up, so each kind's date is checked at least once.
    const followUps = reviews.flatMap((review) =>
      (['hotelReply', 'additionalReview'] as const)
        .filter((kind) => review[kind] !== undefined)
        .map((kind) => ({kind, date: review[kind]!.date, reviewDate: review.reviewDate})),
    );
    expect(new Set(followUps.map((followUp) => followUp.kind))).toEqual(new Set(['hotelReply', 'additionalReview']));
    for (const {kind, date, reviewDate} of followUps) {
      expect(time(date), kind).toBeGreaterThanOrEqual(time(reviewDate));
    }
  });

  it('sort is {type, order} and pagination {limit, offset}, as the service reads them', () => {
    const schemas = validator.specs.get('hotels-live')!.components!.schemas! as Record<
      string,
      {properties: Record<string, unknown>}
    >;
    expect(Object.keys(schemas.HotelSort.properties).sort()).toEqual(['order', 'type']);
    expect(Object.keys(schemas.HotelPagination.properties).sort()).toEqual(['limit', 'offset']);
  });

  it('the rules JSON Schema cannot say are written as x-validation notes', () => {
    const spec = validator.specs.get('hotels-indicative')!;
    const query = spec.components!.schemas!.HotelsIndicativeQuery as {'x-validation'?: string[]; properties: object};
    const notes = (query['x-validation'] ?? []).join(' ');
    expect(notes).toMatch(/one geo level/);
    expect(notes).toMatch(/12 months/);
  });
});
