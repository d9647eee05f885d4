import { lazyPage } from '@fitconnect/shared-ui';

/**
 * The 404 page, loaded when it is first shown: an unknown URL is rare, so the page is not on every visit's
 * landing path (a spinner shows for the moment it takes).
 */
export const LazyNotFoundPage = lazyPage(() => import('./NotFoundPage'), 'NotFoundPage');
