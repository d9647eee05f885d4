import type { RemoteAreaModule } from '@fitconnect/shared-ui';
import { placeholderPage } from './Placeholder';

/** The messages area (signed-in users only): /messages and /messages/:id. */
const messagesArea: RemoteAreaModule = {
  area: 'messages',
  routes: [
    { path: '/messages', Component: placeholderPage('Messages', 'Messaging is not available yet.'), requiresAuth: true },
    { path: '/messages/:id', Component: placeholderPage('Messages', 'Message threads are not available yet.'), requiresAuth: true },
  ],
};

export default messagesArea;
