import type { ChallengeCategory, ChallengeDifficulty, ChallengeTiming } from '@fitconnect/contracts';
import { Badge, type BadgeTone } from '@fitconnect/shared-ui';
import { CATEGORY_EMOJI, CATEGORY_LABELS, DIFFICULTY_LABELS, DIFFICULTY_TONES } from '../lib/format';
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

/** The category's emoji, named for screen readers. */
export function CategoryEmoji({ category, size = '1.75rem' }: { category: ChallengeCategory; size?: string }) {
  return (
    <span role="img" aria-label={`${CATEGORY_LABELS[category]} challenge`} style={{ fontSize: size, lineHeight: 1 }}>
      {CATEGORY_EMOJI[category]}
    </span>
  );
}
