import { Check, MapPin, Navigation, Search, SlidersHorizontal, User, Users, Video } from 'lucide';
import styled from 'styled-components';
import { LineIcon, type IconNode } from '@fitconnect/shared-ui';

// A class, not a style attribute: a server-rendered page's style="" is refused by the CSP (no 'unsafe-inline').
const Glyph = styled(LineIcon)`
  flex-shrink: 0;
`;

/**
 * Small decorative icons: Lucide line icons (the site's one icon set: node data imported one by one so only
 * these ship, drawn by shared-ui's LineIcon), in currentColor, hidden from screen readers (the text next to them says it).
 */
function icon(node: IconNode, defaultSize = 16) {
  const Named = ({ size = defaultSize }: { size?: number }) => <Glyph icon={node} size={size} strokeWidth={2} aria-hidden="true" focusable="false" />;
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
