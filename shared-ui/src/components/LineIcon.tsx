import { createElement, type ReactNode, type SVGProps } from 'react';

/**
 * One line icon of the site's one icon set (Lucide), drawn from the icon's node data: import the node from the
 * plain `lucide` package, which is data only (`import { X } from 'lucide'`, only the icons imported ship), and
 * render it here: `<LineIcon icon={X} size={18} />`. This one small component replaces lucide-react's runtime
 * (its context, class names, forwardRef wrappers and attribute mapping), which every remote bundled again: it is
 * in '@fitconnect/shared-ui', the Module Federation singleton the shell provides, so the page loads it once.
 *
 * Same SVG as lucide-react's (24-unit grid, no fill, round caps and joins, stroke in currentColor, width and
 * height from `size`), and the same accessibility rule: decorative (aria-hidden="true") unless given children or
 * an aria-* / role / title prop. Any other prop (focusable, style, className...) goes to the <svg>.
 */
export type IconNode = readonly (readonly [tag: string, attrs: Readonly<Record<string, string | number | undefined>>])[];

export interface LineIconProps extends SVGProps<SVGSVGElement> {
  /** The drawing: a `lucide` icon node. */
  icon: IconNode;
  /** Width and height (default 24). */
  size?: number | string;
  children?: ReactNode;
}

export function LineIcon({ icon, size = 24, strokeWidth = 2, children, ...rest }: LineIconProps) {
  let labelled = children != null && children !== false;
  for (const k in rest) {
    if ((k.startsWith('aria-') || k === 'role' || k === 'title') && rest[k as keyof typeof rest] != null) labelled = true;
  }
  return createElement(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: size,
      height: size,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      ...(labelled ? null : { 'aria-hidden': 'true' }),
      ...rest,
    },
    icon.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs })),
    children,
  );
}
