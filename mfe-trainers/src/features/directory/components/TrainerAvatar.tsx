import styled from 'styled-components';
import { initials } from '../lib/format';

const Img = styled.img<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  object-fit: cover;
  flex-shrink: 0;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Initials = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  flex-shrink: 0;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.36)}px;
  letter-spacing: 0.02em;
`;

export interface TrainerAvatarProps {
  firstName: string;
  lastName: string;
  /** Photo URL, or null for initials. */
  src: string | null;
  size?: number;
  /** Alternative text; empty (decorative) by default because the name is shown next to it. */
  alt?: string;
  className?: string;
}

/** The trainer's photo, or their initials on a coloured disc when there is none. */
export function TrainerAvatar({ firstName, lastName, src, size = 64, alt = '', className }: TrainerAvatarProps) {
  if (src) return <Img src={src} alt={alt} $size={size} width={size} height={size} loading="lazy" className={className} />;
  return (
    <Initials $size={size} aria-hidden={alt ? undefined : true} role={alt ? 'img' : undefined} aria-label={alt || undefined} className={className} data-testid="trainer-initials">
      {initials(firstName, lastName)}
    </Initials>
  );
}
