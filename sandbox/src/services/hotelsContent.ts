/**
 * Hotels content: the details, policies and images of hotels by id (data/hotels.ts).
 */
import {placeName} from '../data/placeNames';
import {countryOf} from '../data/places';
import {Rng} from '../random';
import {type ApiHandlers, type Handler} from './types';

import {hotelById, images, starCount} from '../data/hotels';

const getContent: Handler<'HotelsContentService_GetContent'> = (call) => {
  const locale = call.body.locale ?? 'en-GB';
  const hotelIds = call.behaviour === 'empty' ? [] : call.body.hotelIds;
  return {
    hotelsContent: Object.fromEntries(
      hotelIds.map((hotelId) => {
        const hotel = hotelById(hotelId);
        const rng = new Rng(['content', hotelId]);
        const country = countryOf(hotel.place);
        return [
          hotelId,
          {
            hotelId,
            hotelName: hotel.hotelName,
            hotelNameEn: hotel.hotelName,
            hotelStreetAddress: `${rng.int(1, 240)} ${rng.pick(['High Street', 'Station Road', 'Church Lane', 'Market Square', 'Park Avenue'])}, ${hotel.place.cityName || hotel.place.name}`,
            hotelPostcode: `${rng.int(10000, 99999)}`,
            coordinates: hotel.coordinates,
            checkinTime: {hour: 15, minute: 0},
            checkoutTime: {hour: 11, minute: 0},
            hotelPhone: `+${rng.int(1, 99)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
            hotelEmail: `stay@${hotel.hotelName.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
            chainGroup: hotel.chainGroup,
            stars: hotel.stars,
            accommodationType: hotel.accommodationType,
            amenities: hotel.amenities,
            hotelPolicyInfo: {
              availableBedPolicies: [],
              additionalBedPolicies: [
                {
                  limitType: 'LIMIT_TYPE_AGE',
                  start: 0,
                  end: 2,
                  bedType: 'Cot',
                  payPolicy: {chargeType: 'Free', currency: 'GBP', amount: 0},
                },
              ],
              petsPolicy: {isAllowPets: rng.chance(0.4), isFree: false},
              childrenPolicy: {
                isAllowChildren: true,
                childrenPolicyContent: 'Children of all ages are welcome.',
                childrenPolicyLocale: 'en-GB',
              },
              breakfastPolicy: {
                isAvailable: true,
                options: ['Continental', 'Full English'],
                times: [
                  {
                    startDay: 'Monday',
                    endDay: 'Sunday',
                    startTime: {hour: 7, minute: 0},
                    endTime: {hour: 10, minute: 30},
                  },
                ],
                charges: [{chargeType: 'Per person', currency: 'GBP', amount: rng.int(9, 22)}],
                menuTypes: ['Buffet'],
              },
              paymentMethods: ['Visa', 'Mastercard', 'American Express'],
              importantNoticeAboutTheCity: '',
              importantNoticeFromTheHotel: '',
              transfer: '',
              childrenBreakfastPolicies: [],
            },
            hotelDescription: {
              locale,
              content: `${hotel.hotelName} is a ${starCount(hotel.stars)}-star property in ${hotel.place.cityName || hotel.place.name}${country ? `, ${placeName(country, locale)}` : ''}.`,
            },
            images: images(hotel),
          },
        ];
      }),
    ),
  };
};

export const handlers = {
  HotelsContentService_GetContent: getContent,
} satisfies ApiHandlers<'hotels-content'>;
