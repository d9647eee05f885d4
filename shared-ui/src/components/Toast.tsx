import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { create } from 'zustand';
import { X } from 'lucide';
import { focusRing } from './focus';
import { LineIcon } from './LineIcon';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it disappears by itself (default 5000; destructive 7000). */
  duration?: number;
  /**
   * What the toast is about (e.g. 'save-profile'): a new toast with the same key replaces the one shown
   * instead of stacking under it.
   */
  key?: string;
}

export interface ToastItem extends Required<Pick<ToastInput, 'variant' | 'duration'>> {
  id: number;
  key?: string;
  title: ReactNode;
  description?: ReactNode;
}

interface ToastState {
  toasts: ToastItem[];
  push: (t: ToastInput) => number;
  dismiss: (id?: number) => void;
}

/**
 * Does a new toast take the place of one already shown (rather than stack under it)? The same key, the same
 * title, or the opposite outcome: a success after an error, or an error after a success, says the
 * earlier one is no longer true.
 */
export function supersedes(next: ToastItem, shown: ToastItem): boolean {
  if (next.key !== undefined && next.key === shown.key) return true;
  if (typeof next.title === 'string' && next.title === shown.title) return true;
  const outcome = (v: ToastVariant) => (v === 'success' ? 1 : v === 'destructive' ? -1 : 0);
  return outcome(next.variant) * outcome(shown.variant) === -1;
}

/** Most toasts kept at once; older ones drop off. */
export const TOAST_LIMIT = 4;
let nextId = 1;

/** One toast queue for shell and remotes (shared-ui is a federation singleton). */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  push: (t) => {
    const id = nextId++;
    const variant = t.variant ?? 'default';
    const item: ToastItem = {
      id,
      key: t.key,
      title: t.title,
      description: t.description,
      variant,
      duration: t.duration ?? (variant === 'destructive' ? 7000 : 5000),
    };
    set((s) => ({ toasts: [...s.toasts.filter((shown) => !supersedes(item, shown)), item].slice(-TOAST_LIMIT) }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: id === undefined ? [] : s.toasts.filter((x) => x.id !== id) })),
}));

/** Show a toast from anywhere (event handlers, mutation callbacks). Returns its id. */
export function toast(input: ToastInput): number {
  return useToastStore.getState().push(input);
}

/** `const { toast } = useToast(); toast({ title: 'Saved' })` */
export function useToast() {
  const dismiss = useToastStore((s) => s.dismiss);
  return { toast, dismiss };
}

const Region = styled.div`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndices.toast};
  right: ${({ theme }) => theme.space.md};
  bottom: ${({ theme }) => theme.space.md};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: min(380px, calc(100vw - 32px));
  pointer-events: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    /* Small screens: just above the bottom tab bar (about 56 px), never over the top bar and its buttons;
       the newest toast nearest the thumb. */
    right: 12px;
    left: 12px;
    width: auto;
    bottom: calc(68px + env(safe-area-inset-bottom, 0px));
    flex-direction: column-reverse;
  }
`;

const Item = styled.div<{ $variant: ToastVariant }>`
  pointer-events: auto;
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  background: ${({ $variant, theme }) => ($variant === 'destructive' ? theme.colors.danger : theme.colors.surface)};
  color: ${({ $variant, theme }) => ($variant === 'destructive' ? theme.colors.dangerText : theme.colors.text)};
  border: 1px solid
    ${({ $variant, theme }) =>
      $variant === 'destructive' ? theme.colors.danger : $variant === 'success' ? theme.colors.success : theme.colors.border};
  border-left-width: ${({ $variant }) => ($variant === 'success' ? '5px' : '1px')};
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
`;

const Title = styled.div`
  font-weight: 700;
`;

const Desc = styled.div`
  margin-top: 2px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  opacity: 0.92;
`;

const Close = styled.button`
  display: inline-flex;
  border: none;
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  padding: 2px 6px;
  border-radius: ${({ theme }) => theme.radii.sm};
  ${focusRing}
`;

function ToastView({ item }: { item: ToastItem }) {
  const dismiss = useToastStore((s) => s.dismiss);
  useEffect(() => {
    if (!Number.isFinite(item.duration) || item.duration <= 0) return;
    const t = setTimeout(() => dismiss(item.id), item.duration);
    return () => clearTimeout(t);
  }, [item.id, item.duration, dismiss]);
  return (
    <Item $variant={item.variant} role={item.variant === 'destructive' ? 'alert' : 'status'} data-variant={item.variant}>
      <Text>
        <Title>{item.title}</Title>
        {item.description && <Desc>{item.description}</Desc>}
      </Text>
      <Close type="button" aria-label="Dismiss notification" onClick={() => dismiss(item.id)}>
        <LineIcon icon={X} size={18} aria-hidden="true" focusable="false" />
      </Close>
    </Item>
  );
}

/** Renders the toast queue in an aria-live region. Mount once (AppProviders does). */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    // A labelled landmark (role region): aria-label on a plain div is not allowed (axe aria-prohibited-attr).
    <Region role="region" aria-live="polite" aria-relevant="additions text" aria-label="Notifications" data-testid="toaster">
      {toasts.map((t) => (
        <ToastView key={t.id} item={t} />
      ))}
    </Region>
  );
}
