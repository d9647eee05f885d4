import type { ReactNode } from 'react';
import styled from 'styled-components';

export const StatGrid = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(4, minmax(0, 1fr));
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const Icon = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.infoBg};
`;

const Text = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const Value = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  line-height: 1.2;
  overflow-wrap: anywhere;
`;

const Label = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface Stat {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  testId?: string;
}

/** A row of four stat cards (label announced before the value). */
export function StatCards({ stats, label }: { stats: Stat[]; label: string }) {
  return (
    <StatGrid aria-label={label}>
      {stats.map((s) => (
        <Item key={s.label} data-testid={s.testId}>
          <Icon aria-hidden="true">{s.icon}</Icon>
          <Text>
            <Label>{s.label}</Label>
            <Value>{s.value}</Value>
          </Text>
        </Item>
      ))}
    </StatGrid>
  );
}
