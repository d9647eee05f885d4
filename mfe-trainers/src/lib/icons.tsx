import { Check, MapPin, Navigation, Search, SlidersHorizontal, User, Users, Video, type LucideIcon } from 'lucide-react';

/**
 * Small decorative icons: lucide-react line icons (the site's one icon set, imported one by one so only
 * these ship), in currentColor, hidden from screen readers (the text next to them says it).
 */
function icon(Svg: LucideIcon, defaultSize = 16) {
  const Named = ({ size = defaultSize }: { size?: number }) => <Svg size={size} strokeWidth={2} aria-hidden="true" focusable="false" style={{ flexShrink: 0 }} />;
  return Named;
}

export const PinIcon = icon(MapPin);
export const SearchIcon = icon(Search);
export const CheckIcon = icon(Check);
export const VideoIcon = icon(Video);
export const PersonIcon = icon(User);
export const UsersIcon = icon(Users, 40);
export const RouteIcon = icon(Navigation);
export const FilterIcon = icon(SlidersHorizontal);
