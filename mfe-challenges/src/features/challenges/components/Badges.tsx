import type { ChallengeCategory, ChallengeDifficulty, ChallengeTiming } from '@fitconnect/contracts';
import styled from 'styled-components';
import { Badge, type BadgeTone } from '@fitconnect/shared-ui';
import { CATEGORY_LABELS, DIFFICULTY_LABELS, DIFFICULTY_TONES } from '../lib/format';
import { CATEGORY_ICON, Icon } from './icons';
import { TIMING_LABELS } from '../lib/timing';

const TIMING_TONES: Record<ChallengeTiming, BadgeTone> = { upcoming: 'info', active: 'success', ended: 'neutral' };

export function DifficultyBadge({ difficulty }: { difficulty: ChallengeDifficulty }) {
  return <Badge tone={DIFFICULTY_TONES[difficulty]}>{DIFFICULTY_LABELS[difficulty]}</Badge>;
}

export function CategoryBadge({ category }: { category: ChallengeCategory }) {
  return <Badge tone="neutral">{CATEGORY_LABELS[category]}</Badge>;
}

export function TimingBadge({ timing }: { timing: ChallengeTiming }) {
  return (
    <Badge tone={TIMING_TONES[timing]} data-testid="timing-label">
      {TIMING_LABELS[timing]}
    </Badge>
  );
}

const IconBox = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: ${({ $size }) => $size + 16}px;
  height: ${({ $size }) => $size + 16}px;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.infoBg};
`;

/** The category's icon (SPEC's category emoji, drawn as SVG), named for screen readers. */
export function CategoryIcon({ category, size = 24 }: { category: ChallengeCategory; size?: number }) {
  return (
    <IconBox $size={size} data-category={category}>
      <Icon name={CATEGORY_ICON[category]} size={size} label={`${CATEGORY_LABELS[category]} challenge`} />
    </IconBox>
  );
}
