// The messages area's nav badge (exposed as ./navBadge; the shell loads it for signed-in users without
// loading the routes module). It shares the live stream with the pages: one module instance per page.
import { UnreadNavBadge } from './features/messages/components/UnreadNavBadge';

export default UnreadNavBadge;
