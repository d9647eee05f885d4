// '@fitconnect/shared-ui/widgets': dialogs and tabs, and the "You're offline" notice of pages that need the network.
// A Module Federation singleton of its own (build-config/rspack.js), apart from '@fitconnect/shared-ui',
// which is on the landing path: it loads with the first page that opens a dialog or shows tabs. What they
// need of the rest of shared-ui they import from '@fitconnect/shared-ui', the page's one copy, never by a
// relative path (that would put a second copy of it in this module). Form fields: '@fitconnect/shared-ui/forms'.

export { Dialog, ConfirmDialog } from './components/Dialog';
export type { DialogProps, ConfirmDialogProps, DialogSize } from './components/Dialog';
export { Tabs, TabPanel, tabId, tabPanelId } from './components/Tabs';
export type { TabsProps, TabItem, TabPanelProps } from './components/Tabs';
export { OfflineNotice, useOnline, isOfflineError } from './components/OfflineNotice';
export type { OfflineNoticeProps } from './components/OfflineNotice';
