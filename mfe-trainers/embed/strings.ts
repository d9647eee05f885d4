/**
 * Every text the finder itself shows, per language (the `lang` attribute). A translation is one more
 * entry here with the same keys (TypeScript checks none is missing). English is the default.
 * (The search box and the cards are /trainers' own components, src/widget.ts: their few words are English.)
 */
const en = {
  title: 'Find a Trainer',
  poweredBy: 'Powered by',
  region: 'FitConnect trainer finder',
  listLabel: 'Trainers',
  loading: 'Loading trainers',
  failedTitle: 'Failed to fetch trainers',
  failedText: 'Something went wrong while loading trainers. Please try again.',
  tryAgain: 'Try again',
  noneTitle: 'No trainers found',
  noneForSearch: 'No trainer matches this search. Try another place.',
  noneAtAll: 'There are no trainers listed yet. Check back soon.',
  moreFailed: 'The next trainers could not be loaded.',
  viewMore: 'View More Trainers',
  distancesNote: 'Distances are approximate, measured between postcode districts.',
  shown: (n: number) => `${n} trainers shown`,
  contact: 'Contact',
  contactLabel: (name: string) => `Contact ${name} on FitConnect`,
};
export type FinderStrings = typeof en;

export const STRINGS: Record<string, FinderStrings> = { en };
export const LANGUAGES = Object.keys(STRINGS);
