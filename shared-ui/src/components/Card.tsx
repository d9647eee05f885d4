import styled from 'styled-components';

export const Card = styled.div<{ $interactive?: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  overflow: hidden;
  min-width: 0;
  ${({ $interactive, theme }) =>
    $interactive
      ? `transition: box-shadow .15s ease, transform .15s ease;
         &:hover { box-shadow: ${theme.shadows.md}; transform: translateY(-1px); }`
      : ''}
`;

export const CardHeader = styled.div`
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg} 0`};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const CardTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
  line-height: 1.3;
`;

export const CardDescription = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const CardBody = styled.div`
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
`;

export const CardFooter = styled.div`
  padding: ${({ theme }) => `0 ${theme.space.lg} ${theme.space.md}`};
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
