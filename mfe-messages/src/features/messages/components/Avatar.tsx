import styled from 'styled-components';
import { initials } from '../lib/format';

const Circle = styled.span<{ $size: number }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.infoBg};
  color: ${({ theme }) => theme.colors.info};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.38)}px;
`;

/** The partner's initials in a circle (decorative: the name is always next to it). */
export function Avatar({ user, size = 44 }: { user: { firstName: string; lastName: string }; size?: number }) {
  return (
    <Circle $size={size} aria-hidden="true">
      {initials(user)}
    </Circle>
  );
}
