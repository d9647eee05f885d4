import styled from 'styled-components';

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

const Img = styled.img<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  object-fit: cover;
  flex: none;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Disc = styled.span<{ $size: number; $muted: boolean }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ $muted, theme }) => ($muted ? theme.colors.surfaceAlt : theme.colors.primary)};
  color: ${({ $muted, theme }) => ($muted ? theme.colors.textMuted : theme.colors.primaryText)};
  border: 1px solid ${({ $muted, theme }) => ($muted ? theme.colors.border : theme.colors.primary)};
  font-weight: 700;
  font-size: ${({ $size }) => Math.max(11, Math.round($size * 0.36))}px;
  letter-spacing: 0.02em;
  line-height: 1;
`;

export interface AvatarProps {
  firstName: string;
  lastName: string;
  /** Photo URL; initials on a solid disc when there is none. */
  src?: string | null;
  /** Diameter in px (default 40). */
  size?: number;
  /** Alternative text; empty (decorative) by default, because the name is shown next to it. */
  alt?: string;
  /** Muted disc (e.g. an anonymous author): grey instead of the primary colour. */
  muted?: boolean;
  /** Text instead of the initials (e.g. '?' for an anonymous author). */
  label?: string;
  className?: string;
  'data-testid'?: string;
}

/** The one avatar: the person's photo, or their initials on a solid primary disc. */
export function Avatar({ firstName, lastName, src, size = 40, alt = '', muted = false, label, className, ...rest }: AvatarProps) {
  if (src) return <Img src={src} alt={alt} $size={size} width={size} height={size} loading="lazy" className={className} data-pattern="avatar" {...rest} />;
  return (
    <Disc
      $size={size}
      $muted={muted}
      aria-hidden={alt ? undefined : true}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      className={className}
      data-pattern="avatar"
      {...rest}
    >
      {label ?? initialsOf(firstName, lastName)}
    </Disc>
  );
}
