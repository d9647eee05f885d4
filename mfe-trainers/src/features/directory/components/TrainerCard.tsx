import type { ReactElement, ReactNode } from 'react';
import styled from 'styled-components';
import { StarRating, focusRing } from '@fitconnect/shared-ui';
import type { Trainer } from '@fitconnect/contracts';
import { PersonIcon, PinIcon, RouteIcon, VideoIcon } from '../../../lib/icons';
import { formatDistance, formatPrice, formatRating, formatReviewCount, fullName } from '../lib/format';
import { TrainerAvatar } from './TrainerAvatar';

/**
 * A trainer's card: photo or initials, name, specialization, location, distance, half-star rating with
 * review count, price per hour and how they train. Reusable outside the shell (the partner widget):
 * everything comes in through props, the link is rendered by the caller (a router Link or a plain <a>).
 */

const Article = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  min-width: 0;
  transition: box-shadow 0.15s ease, border-color 0.15s ease;
  &:hover {
    box-shadow: ${({ theme }) => theme.shadows.md};
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Top = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
  min-width: 0;
`;

const Names = styled.div`
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Name = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1.3;
  overflow-wrap: anywhere;
  a {
    color: inherit;
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radii.sm};
    ${focusRing}
  }
  /* The name's link covers the whole card: one link, one tab stop, the whole card clickable. */
  a::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: ${({ theme }) => theme.radii.lg};
  }
  a:hover {
    text-decoration: underline;
  }
`;

const Specialization = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Line = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Distance = styled.span`
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
`;

const RatingLine = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 6px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Bottom = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Price = styled.p`
  margin: 0;
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Modes = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Mode = styled.li`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
`;

export interface TrainerCardLinkProps {
  href: string;
  children: ReactNode;
}

export interface TrainerCardProps {
  trainer: Trainer & { distanceMiles?: number | null };
  /** Where the card leads (the trainer's profile). */
  href: string;
  /** Show the distance (a location was searched). It shows only when distanceMiles is a number. */
  showDistance?: boolean;
  /** Render the link, e.g. `({ href, children }) => <Link to={href}>{children}</Link>`; default a plain <a>. */
  renderLink?: (props: TrainerCardLinkProps) => ReactElement;
  /** Heading level of the name (default h3). */
  headingLevel?: 'h2' | 'h3' | 'h4';
  className?: string;
}

const plainLink = ({ href, children }: TrainerCardLinkProps) => <a href={href}>{children}</a>;

export function TrainerCard({ trainer, href, showDistance = false, renderLink = plainLink, headingLevel = 'h3', className }: TrainerCardProps) {
  const name = fullName(trainer.user);
  const distance = showDistance ? formatDistance(trainer.distanceMiles) : null;
  return (
    <Article className={className} data-testid="trainer-card" aria-label={name}>
      <Top>
        <TrainerAvatar firstName={trainer.user.firstName} lastName={trainer.user.lastName} src={trainer.profileImageThumb ?? trainer.profileImage} />
        <Names>
          <Name as={headingLevel}>{renderLink({ href, children: name })}</Name>
          <Specialization>{trainer.specialization}</Specialization>
        </Names>
      </Top>
      {trainer.user.location && (
        <Line>
          <PinIcon size={14} />
          <span>{trainer.user.location}</span>
        </Line>
      )}
      {distance && (
        <Line>
          <RouteIcon size={14} />
          <Distance data-testid="trainer-distance">{distance}</Distance>
        </Line>
      )}
      <RatingLine>
        <StarRating value={trainer.rating} size="sm" />
        {trainer.reviewCount > 0 && <strong>{formatRating(trainer.rating)}</strong>}
        <span>({formatReviewCount(trainer.reviewCount)})</span>
      </RatingLine>
      <Bottom>
        <Price data-testid="trainer-price">{formatPrice(trainer.sessionPrice)}</Price>
        {(trainer.availableOnline || trainer.availableInPerson) && (
          <Modes aria-label="Session types">
            {trainer.availableOnline && (
              <Mode>
                <VideoIcon size={12} /> Online
              </Mode>
            )}
            {trainer.availableInPerson && (
              <Mode>
                <PersonIcon size={12} /> In person
              </Mode>
            )}
          </Modes>
        )}
      </Bottom>
    </Article>
  );
}
