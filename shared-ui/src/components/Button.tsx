import type { ButtonHTMLAttributes, ElementType, MouseEvent, ReactNode, Ref } from 'react';
import styled, { css, type DefaultTheme } from 'styled-components';
import { focusRing } from './focus';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variantCss = (v: ButtonVariant, t: DefaultTheme) => {
  const c = t.colors;
  switch (v) {
    case 'primary':
      return css`
        background: ${c.primary};
        color: ${c.primaryText};
        border-color: ${c.primary};
        &:hover:not(:disabled):not([aria-disabled='true']) {
          background: ${c.primaryHover};
          border-color: ${c.primaryHover};
        }
      `;
    case 'secondary':
      return css`
        background: ${c.surfaceAlt};
        color: ${c.text};
        border-color: ${c.border};
        &:hover:not(:disabled):not([aria-disabled='true']) {
          border-color: ${c.textMuted};
        }
      `;
    case 'outline':
      return css`
        background: transparent;
        color: ${c.primary};
        border-color: ${c.primary};
        &:hover:not(:disabled):not([aria-disabled='true']) {
          background: ${c.infoBg};
        }
      `;
    case 'danger':
      return css`
        background: ${c.danger};
        color: ${c.dangerText};
        border-color: ${c.danger};
        &:hover:not(:disabled):not([aria-disabled='true']) {
          filter: brightness(0.92);
        }
      `;
    case 'ghost':
      return css`
        background: transparent;
        color: ${c.text};
        border-color: transparent;
        &:hover:not(:disabled):not([aria-disabled='true']) {
          background: ${c.surfaceAlt};
        }
      `;
  }
};

const sizeCss = {
  sm: css`
    min-height: 32px;
    padding: 4px 12px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  `,
  md: css`
    min-height: 40px;
    padding: 8px 16px;
    font-size: ${({ theme }) => theme.fontSizes.md};
  `,
  lg: css`
    min-height: 48px;
    padding: 12px 24px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  `,
};

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $fullWidth: boolean }>`
  display: ${({ $fullWidth }) => ($fullWidth ? 'flex' : 'inline-flex')};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  align-items: center;
  justify-content: center;
  gap: 8px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-family: inherit;
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  transition: background 0.15s ease, border-color 0.15s ease, color 0.15s ease;
  ${({ $size }) => sizeCss[$size]}
  ${({ $variant, theme }) => variantCss($variant, theme)}
  ${focusRing}
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
  fullWidth?: boolean;
  /** Render as another element, e.g. `as={Link} to="/trainers"` (styled-components polymorphism). */
  as?: ElementType;
  /** For `as={Link}`. */
  to?: string | { pathname?: string; search?: string; hash?: string };
  /** For `as="a"`. */
  href?: string;
  target?: string;
  rel?: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLButtonElement>;
  children?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  disabled,
  children,
  as,
  type,
  onClick,
  ...rest
}: ButtonProps) {
  const isNativeButton = !as || as === 'button';
  const inactive = !!disabled || loading;
  return (
    <StyledButton
      as={as}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      {...(isNativeButton
        ? { type: type ?? 'button', disabled: inactive }
        : { 'aria-disabled': inactive || undefined, tabIndex: inactive ? -1 : undefined })}
      aria-busy={loading || undefined}
      onClick={
        inactive && !isNativeButton
          ? (e: MouseEvent<HTMLButtonElement>) => e.preventDefault()
          : onClick
      }
      {...rest}
    >
      {loading && <Spinner size="sm" label="Working" />}
      {children}
    </StyledButton>
  );
}

/** A square icon-only button; `label` becomes its accessible name. */
export function IconButton({ label, children, ...rest }: Omit<ButtonProps, 'aria-label'> & { label: string }) {
  return (
    <Button variant="ghost" aria-label={label} title={label} {...rest}>
      {children}
    </Button>
  );
}
