// The pieces of the directory an embeddable partner widget reuses from the same source. They depend on
// shared-ui's theme and primitives only (no shell, no router): props in, callbacks out.
export { TrainerCard } from './features/directory/components/TrainerCard';
export type { TrainerCardProps, TrainerCardLinkProps } from './features/directory/components/TrainerCard';
export { TrainerSearchBox } from './features/directory/components/TrainerSearchBox';
export type { TrainerSearchBoxProps } from './features/directory/components/TrainerSearchBox';
export { TrainerAvatar } from './features/directory/components/TrainerAvatar';
export { formatDistance, formatPrice, formatRating, formatReviewCount } from './features/directory/lib/format';
export { POSTCODE_ATTRIBUTION, GEONAMES_ATTRIBUTION } from './features/directory/lib/attribution';
