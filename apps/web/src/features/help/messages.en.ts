/** English strings of the help centre, under `help.`. */
export const helpEn = {
  searchLabel: 'Search the questions',
  searchPlaceholder: 'PIN, refund, curbside…',
  allTopics: 'All',
  topics: {
    lockers: 'Lockers',
    payments: 'Payments and plans',
    shops: 'Shops and orders',
    account: 'Your account',
  },
  results_one: '{{count}} answer',
  results_other: '{{count}} answers',
  noResults: 'No answer matches “{{query}}”. Try fewer or other words, or pick a topic.',
  clear: 'Clear the search',
  stillStuck: 'Still stuck? Your lockers and orders show their live status:',
  myBookings: 'My lockers (Home)',
  myOrders: 'My orders',
};
