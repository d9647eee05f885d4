import { Mail as MailNode } from 'lucide';
import { LineIcon, type LineIconProps } from '@fitconnect/shared-ui';

/**
 * The area's icons: Lucide line icons (the site's one icon set: node data imported one by one so only these
 * ship), drawn by shared-ui's LineIcon; same props as it, less `icon`.
 */
export const Mail = (props: Omit<LineIconProps, 'icon'>) => <LineIcon icon={MailNode} {...props} />;
