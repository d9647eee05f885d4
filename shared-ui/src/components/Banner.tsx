import type { ReactNode } from 'react';
import styled from 'styled-components';
import { CircleCheck, CircleX, Info, TriangleAlert } from 'lucide';
import { LineIcon, type IconNode } from './LineIcon';

export type BannerTone = 'info' | 'warning' | 'danger' | 'success';

const Box = styled.div<{ $tone: BannerTone }>`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ $tone, theme }) => theme.colors[$tone]};
  border-left-width: 5px;
  background: ${({ $tone, theme }) => theme.colors[`${$tone}Bg` as const]};
  color: ${({ theme }) => theme.colors.text};
`;

const Icon = styled.span<{ $tone: BannerTone }>`
  display: inline-flex;
  flex: none;
  /* level with the first line of text (line-height 1.5 of 16 px) */
  padding-top: 2px;
  color: ${({ $tone, theme }) => theme.colors[$tone]};
`;

const Content = styled.div`
  flex: 1;
  min-width: 0;
  line-height: 1.5;
`;

const Title = styled.p<{ $tone: BannerTone }>`
  margin: 0 0 2px;
  font-weight: 700;
  color: ${({ $tone, theme }) => theme.colors[$tone]};
`;

const icons: Record<BannerTone, IconNode> = { info: Info, warning: TriangleAlert, danger: CircleX, success: CircleCheck };

export interface BannerProps {
  tone?: BannerTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Defaults to 'status' (or 'alert' for danger). */
  role?: string;
}

/** An inline message box: info (blue), warning (orange, e.g. daily limit reached), danger, success. */
export function Banner({ tone = 'info', title, children, className, role }: BannerProps) {
  return (
    <Box $tone={tone} className={className} role={role ?? (tone === 'danger' ? 'alert' : 'status')} data-tone={tone}>
      <Icon $tone={tone} aria-hidden="true">
        <LineIcon icon={icons[tone]} size={20} strokeWidth={2.25} aria-hidden="true" focusable="false" />
      </Icon>
      <Content>
        {title && <Title $tone={tone}>{title}</Title>}
        {children}
      </Content>
    </Box>
  );
}
