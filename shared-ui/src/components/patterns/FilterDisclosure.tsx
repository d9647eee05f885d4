import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { SlidersHorizontal } from 'lucide';
import { Button, LineIcon } from '@fitconnect/shared-ui';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Toggle = styled(Button)`
  display: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    display: inline-flex;
    align-self: flex-start;
  }
`;

/** Wide screens: always shown. Small screens: shown when open. */
const Panel = styled.div<{ $open: boolean }>`
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    display: ${({ $open }) => ($open ? 'block' : 'none')};
  }
`;

export interface FilterDisclosureProps {
  /** The toggle's text when closed (default 'Filters'); open, it reads 'Hide filters'. */
  label?: string;
  /** How many filters are set (shown as ' (n)' on the toggle). */
  active?: number;
  children: ReactNode;
  className?: string;
}

/**
 * The one small-screen filters pattern: below 640 px the filters fold behind a toggle button (with the
 * number of filters set), so the first result is near the top; wider, they are always shown.
 */
export function FilterDisclosure({ label = 'Filters', active = 0, children, className }: FilterDisclosureProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Wrap className={className} data-pattern="filters">
      <Toggle variant="secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <LineIcon icon={SlidersHorizontal} size={16} aria-hidden="true" focusable="false" /> {open ? 'Hide filters' : label}
        {active > 0 ? ` (${active})` : ''}
      </Toggle>
      <Panel id={id} $open={open}>
        {children}
      </Panel>
    </Wrap>
  );
}
