import { CircleCheckBig, Dumbbell, Search } from 'lucide';
import { LineIcon } from '@fitconnect/shared-ui';

/**
 * Large decorative icons: Lucide line icons (the site's one icon set: node data imported one by one so only
 * these ship, drawn by shared-ui's LineIcon), in currentColor, hidden from screen readers (the text next to them says it).
 */
const big = { size: 40, strokeWidth: 1.8, 'aria-hidden': true, focusable: 'false' } as const;

export const DumbbellIcon = () => <LineIcon icon={Dumbbell} {...big} />;
export const SearchIcon = () => <LineIcon icon={Search} {...big} />;
export const DoneIcon = () => <LineIcon icon={CircleCheckBig} {...big} />;
