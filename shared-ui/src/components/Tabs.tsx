import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from '@fitconnect/shared-ui';

export interface TabItem {
  id: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: TabItem[];
  value: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  'aria-label'?: string;
  /** Prefix for the tab/panel ids; use the same one on the TabPanels (default 'tabs'). */
  idPrefix?: string;
  /** Stretch tabs to the full width. */
  fullWidth?: boolean;
  className?: string;
}

const List = styled.div<{ $full: boolean }>`
  display: flex;
  gap: 4px;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow-x: auto;
  width: ${({ $full }) => ($full ? '100%' : 'fit-content')};
  max-width: 100%;
  box-sizing: border-box;
`;

const Tab = styled.button<{ $active: boolean; $full: boolean }>`
  flex: ${({ $full }) => ($full ? '1 1 0' : '0 0 auto')};
  min-height: 36px;
  padding: 6px 14px;
  border: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  font: inherit;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.colors.surface : 'transparent')};
  color: ${({ $active, theme }) => ($active ? theme.colors.text : theme.colors.textMuted)};
  box-shadow: ${({ $active, theme }) => ($active ? theme.shadows.sm : 'none')};
  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.colors.text};
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  ${focusRing}
`;

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const tabPanelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/**
 * WAI-ARIA tabs (automatic activation): role=tablist/tab, roving tabindex, Left/Right (and
 * Up/Down), Home/End move between tabs and select them.
 */
export function Tabs({ tabs, value, onChange, idPrefix = 'tabs', fullWidth = false, className, ...aria }: TabsProps) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const enabled = tabs.filter((t) => !t.disabled);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const idx = enabled.findIndex((t) => t.id === value);
    let next: TabItem | undefined;
    switch (e.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        next = enabled[(idx + 1) % enabled.length];
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        next = enabled[(idx - 1 + enabled.length) % enabled.length];
        break;
      case 'Home':
        next = enabled[0];
        break;
      case 'End':
        next = enabled[enabled.length - 1];
        break;
      default:
        return;
    }
    if (!next) return;
    e.preventDefault();
    onChange(next.id);
    refs.current[next.id]?.focus();
  };

  return (
    <List role="tablist" aria-label={aria['aria-label']} onKeyDown={onKeyDown} $full={fullWidth} className={className}>
      {tabs.map((t) => {
        const active = t.id === value;
        return (
          <Tab
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, t.id)}
            aria-selected={active}
            // Only the selected tab's panel is rendered: never point at an id that is not in the page.
            aria-controls={active ? tabPanelId(idPrefix, t.id) : undefined}
            tabIndex={active ? 0 : -1}
            disabled={t.disabled}
            $active={active}
            $full={fullWidth}
            onClick={() => onChange(t.id)}
          >
            {t.label}
          </Tab>
        );
      })}
    </List>
  );
}

export interface TabPanelProps {
  /** This panel's tab id. */
  id: string;
  /** The selected tab id: the panel renders only when they match. */
  value: string;
  idPrefix?: string;
  children?: ReactNode;
  className?: string;
}

export function TabPanel({ id, value, idPrefix = 'tabs', children, className }: TabPanelProps) {
  if (id !== value) return null;
  return (
    <div role="tabpanel" id={tabPanelId(idPrefix, id)} aria-labelledby={tabId(idPrefix, id)} tabIndex={0} className={className}>
      {children}
    </div>
  );
}
