// The messages area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import { useEffect } from 'react';
import { lazyPage, type RemoteAreaModule } from '@fitconnect/shared-ui';

// Route-level code splitting: the conversation list does not load the thread (composer, live updates).
const ConversationsPage = lazyPage(() => import('./features/messages/components/ConversationsPage'), 'ConversationsPage');
const ThreadPage = lazyPage(() => import('./features/messages/components/ThreadPage'), 'ThreadPage');

function MessagesRoute() {
  useEffect(() => {
    document.title = 'Messages | FitConnect';
  }, []);
  return <ConversationsPage />;
}

/** The messages area (signed-in users only): /messages and /messages/:id. (The nav's unread badge is ./navBadge.) */
const messagesArea: RemoteAreaModule = {
  area: 'messages',
  routes: [
    { path: '/messages', Component: MessagesRoute, requiresAuth: true },
    { path: '/messages/:id', Component: ThreadPage, requiresAuth: true },
  ],
};

export default messagesArea;
