/**
 * Hotels reviews: a hotel's reviews, generated from its id, filtered, sorted and paged.
 */
import {hotelAgents} from '../data/agents';
import {placeName} from '../data/placeNames';
import {countryOf} from '../data/places';
import {Rng} from '../random';
import {type ApiHandlers, type Handler} from './types';

import {hotelById} from '../data/hotels';

const reviewTexts = [
  ['Perfect base for a city break', 'Great location and a spotless, quiet room. The breakfast was excellent.'],
  ['Good stay', 'Comfortable beds and friendly staff, but the wifi was slow in the evenings.'],
  ['Would come back', 'Helpful reception and a lovely view from our room.'],
  ['Fine for one night', 'Small room and a noisy street, but clean and close to the station.'],
  ['Excellent service', 'The staff went out of their way to help us with our plans.'],
];

const listReviews: Handler<'HotelsReviewsService_ListReviews'> = (call) => {
  const body = call.body;
  const hotel = hotelById(body.hotelId);
  const country = countryOf(hotel.place);
  const reviewCount = call.behaviour === 'empty' ? 0 : Math.min(hotel.reviewCount, 300);
  const latest = Date.UTC(new Date(call.now).getUTCFullYear(), new Date(call.now).getUTCMonth(), 1);
  const band = (rating: number) =>
    rating >= 4.5
      ? 'TRAVELLER_RATING_EXCELLENT'
      : rating >= 3.5
        ? 'TRAVELLER_RATING_GOOD'
        : rating >= 2.5
          ? 'TRAVELLER_RATING_AVERAGE'
          : 'TRAVELLER_RATING_BELOW_AVERAGE';
  let reviews = Array.from({length: reviewCount}, (_, index) => {
    const rng = new Rng(['review', body.hotelId, index]);
    const [title, text] = rng.pick(reviewTexts);
    const agent = rng.pick(hotelAgents);
    const date = new Date(latest - (index * 2 + rng.int(0, 1)) * 86_400_000);
    const checkin = new Date(date.getTime() - rng.int(2, 10) * 86_400_000);
    const rating = Math.round(Math.max(1, Math.min(5, hotel.rating + rng.int(-15, 10) / 10)) * 10) / 10;
    const toLocal = (value: Date) => ({
      year: value.getUTCFullYear(),
      month: value.getUTCMonth() + 1,
      day: value.getUTCDate(),
    });
    return {
      review: {
        agentId: agent.id,
        content: `<p>${text}</p>`,
        locale: 'en-GB',
        guestType: rng.pick(hotel.guestTypes),
        rating,
        reviewDate: toLocal(date),
        checkinDate: toLocal(checkin),
        logoUrl: `https://logos.provider.example/hotels/agents/${agent.id}.png`,
        title,
        countryCode: country?.countryCode ?? '',
        countryName: country ? placeName(country, 'en-GB') : '',
        agentUrl: `https://www.provider.example/hotels/reviews/${agent.id}/${encodeURIComponent(body.hotelId)}`,
        ...(rng.chance(0.3)
          ? {
              hotelReply: {
                content: '<p>Thank you for staying with us.</p>',
                date: toLocal(new Date(date.getTime() + 2 * 86_400_000)),
                locale: 'en-GB',
              },
            }
          : {}),
      },
      tags: rng.sample(
        [
          'REVIEW_TAG_LOCATION',
          'REVIEW_TAG_ROOM',
          'REVIEW_TAG_CLEAN',
          'REVIEW_TAG_SERVICE',
          'REVIEW_TAG_MEAL',
          'REVIEW_TAG_WIFI',
        ],
        2,
      ),
      index,
    };
  });
  const filters = body.filters ?? {};
  reviews = reviews.filter(
    ({review, tags}) =>
      (!filters.guestTypeFilter?.length || filters.guestTypeFilter.includes(review.guestType)) &&
      (!filters.localeFilter?.length || filters.localeFilter.includes(review.locale)) &&
      (!filters.travellerRatingFilter?.length || filters.travellerRatingFilter.includes(band(review.rating))) &&
      (!filters.tagFilter?.length || tags.includes(filters.tagFilter[0])),
  );
  if (body.sort === 'REVIEW_SORT_RATING_DESCENDING')
    reviews.sort((a, b) => b.review.rating - a.review.rating || a.index - b.index);
  if (body.sort === 'REVIEW_SORT_RATING_ASCENDING')
    reviews.sort((a, b) => a.review.rating - b.review.rating || a.index - b.index);
  if (body.sort === 'REVIEW_SORT_RECOMMENDED' || body.sort === undefined)
    reviews.sort((a, b) => b.review.content.length - a.review.content.length || a.index - b.index);
  const offset = body.pagination?.offset ?? 0;
  const limit = body.pagination?.limit ?? 10;
  return {
    availableReviewCount: reviews.length,
    reviews: reviews.slice(offset, offset + limit).map(({review}) => review),
  };
};

export const handlers = {
  HotelsReviewsService_ListReviews: listReviews,
} satisfies ApiHandlers<'hotels-reviews'>;
