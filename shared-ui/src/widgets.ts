// '@fitconnect/shared-ui/widgets': dialogs and tabs. (The "You're offline" notice is in '@fitconnect/shared-ui/patterns',
// which every area's first visit loads anyway: a directory page showing it no longer loads dialogs and tabs.)
// A Module Federation singleton of its own (build-config/rspack.js), apart from '@fitconnect/shared-ui',
// which is on the landing path: it loads with the first page that opens a dialog or shows tabs. What they
// need of the rest of shared-ui they import from '@fitconnect/shared-ui', the page's one copy, never by a
// relative path (that would put a second copy of it in this module). Form fields: '@fitconnect/shared-ui/forms'.

export { Dialog, ConfirmDialog } from './components/Dialog';
export type { DialogProps, ConfirmDialogProps, DialogSize } from './components/Dialog';
export { Tabs, TabPanel, tabId, tabPanelId } from './components/Tabs';
export type { TabsProps, TabItem, TabPanelProps } from './components/Tabs';
