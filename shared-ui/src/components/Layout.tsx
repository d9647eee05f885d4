import type { ReactNode } from 'react';
import styled from 'styled-components';

/** Centred, padded page column (a div: the shell owns the <main> landmark). */
export const PageContainer = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ $narrow }) => ($narrow ? '720px' : '1200px')};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.md} ${theme.space.xxl}`};
  box-sizing: border-box;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => `${theme.space.md} ${theme.space.sm} ${theme.space.xxl}`};
  }
`;

const HeadingRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const H1 = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  line-height: 1.2;
  color: ${({ theme }) => theme.colors.text};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

/** A class, not a style attribute: a server-rendered page's style="" is refused by the CSP. */
const Actions = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
`;

const Sub = styled.p`
  margin: 6px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface PageHeadingProps {
  children: ReactNode;
  /** A line under the heading. */
  subtitle?: ReactNode;
  /** Buttons shown at the right (wrap under on small screens). */
  actions?: ReactNode;
}

/** The page's h1 with an optional subtitle and actions: the site's one page header (issue 28.6), in every area. */
export function PageHeading({ children, subtitle, actions }: PageHeadingProps) {
  return (
    <HeadingRow data-pattern="page-header">
      <div>
        <H1>{children}</H1>
        {subtitle && <Sub>{subtitle}</Sub>}
      </div>
      {actions && <Actions>{actions}</Actions>}
    </HeadingRow>
  );
}

/** Responsive auto-fill grid for cards. */
export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min }) => $min ?? '280px'}), 1fr));
`;

export const Stack = styled.div<{ $gap?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap }) => theme.space[$gap ?? 'md']};
`;

export const Row = styled.div<{ $gap?: 'xs' | 'sm' | 'md' | 'lg'; $wrap?: boolean; $justify?: string; $align?: string }>`
  display: flex;
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  gap: ${({ theme, $gap }) => theme.space[$gap ?? 'sm']};
  justify-content: ${({ $justify }) => $justify ?? 'flex-start'};
  align-items: ${({ $align }) => $align ?? 'center'};
`;
