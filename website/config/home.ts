/**
 * The home page's use cases, first steps and first call (src/pages/index.tsx shows them). Data of their own so
 * that the site benchmark's stock site (bench/lib/stockHome.ts) holds the same text.
 */
export const useCases = [
  {
    title: 'Flight search and comparison',
    text: 'Show live fares from airlines and travel agents for one-way, return and multi-city trips, with deep links to book.',
  },
  {
    title: 'Travel inspiration',
    text: 'Answer "where can I go for less than this?" with cached cheapest prices by month, or to anywhere from a city.',
  },
  {
    title: 'Hotels and car hire',
    text: 'Add room offers, reviews and hotel content, and car hire quotes, to the trips your travellers plan.',
  },
  {
    title: 'Referral links',
    text: 'No search to build? Send travellers to ready-made results pages with tracked referral links and earn commission.',
  },
];

export const steps = [
  {
    title: 'Get your API key',
    text: 'Keys come with partner onboarding. Keep yours on your server and send it in the x-api-key header.',
    to: '/docs/getting-started/authentication',
    link: 'Authentication',
  },
  {
    title: 'Make a first call',
    text: 'Fetch the currencies or markets: a single GET that shows the conventions every response follows.',
    to: '/docs/getting-started/requests-and-responses',
    link: 'Requests and responses',
  },
  {
    title: 'Build the live search loop',
    text: 'Create a search, then poll with its session token until the results are complete.',
    to: '/docs/getting-started/create-and-poll',
    link: 'Create and poll',
  },
];

/** The home page's first call, in bash. */
export const firstCall = `curl "$API_BASE_URL/apiservices/v3/culture/currencies" \\
  -H "x-api-key: $API_KEY"`;
