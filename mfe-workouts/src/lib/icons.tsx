import { CircleCheckBig, Dumbbell, Search } from 'lucide-react';

/**
 * Large decorative icons: lucide-react line icons (the site's one icon set, imported one by one so only
 * these ship), in currentColor, hidden from screen readers (the text next to them says it).
 */
const big = { size: 40, strokeWidth: 1.8, 'aria-hidden': true, focusable: 'false' } as const;

export const DumbbellIcon = () => <Dumbbell {...big} />;
export const SearchIcon = () => <Search {...big} />;
export const DoneIcon = () => <CircleCheckBig {...big} />;
