// '@fitconnect/shared-ui/patterns': the patterns every area shows the same way (issue 28.6): back link,
// avatar, unread badge, not-found view, the small-screen filters disclosure, the "You're offline" notice and when a
// page shows its error view for a query (showsError). (The page header is
// PageHeading, in '@fitconnect/shared-ui'; toasts are the Toaster there.)
// A Module Federation singleton of its own (build-config/singletons.js), like './widgets': not on the
// landing path, it loads with the first page that uses one. What these need of the rest of shared-ui
// they import from '@fitconnect/shared-ui', never by a relative path (that would be a second copy).
// Screenshot comparison tests: e2e/test/patterns-screenshots.test.ts.

export { BackLink } from './components/patterns/BackLink';
export type { BackLinkProps } from './components/patterns/BackLink';
export { Avatar, initialsOf } from './components/patterns/Avatar';
export type { AvatarProps } from './components/patterns/Avatar';
export { UnreadBadge, unreadLabel } from './components/patterns/UnreadBadge';
export type { UnreadBadgeProps } from './components/patterns/UnreadBadge';
export { NotFoundView } from './components/patterns/NotFoundView';
export type { NotFoundViewProps } from './components/patterns/NotFoundView';
export { FilterDisclosure } from './components/patterns/FilterDisclosure';
export type { FilterDisclosureProps } from './components/patterns/FilterDisclosure';
export { OfflineNotice, useOnline, isOfflineError } from './components/OfflineNotice';
export type { OfflineNoticeProps } from './components/OfflineNotice';
export { showsError } from './queryError';
