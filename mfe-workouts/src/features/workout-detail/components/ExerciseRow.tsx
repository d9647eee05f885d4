import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Dumbbell, Flame, Leaf } from 'lucide';
import { focusRing, LineIcon, visuallyHidden } from '@fitconnect/shared-ui';
import type { PlanExercise } from '@fitconnect/contracts';
import { exerciseRowText, sectionKey, type SectionKey } from '../lib/format';

/** Row icon by section (every spelling of the section maps to its icon, see sectionKey): lucide line icons. */
const iconProps = { size: 20, strokeWidth: 2, focusable: 'false' } as const;
export const SECTION_ICONS: Record<SectionKey, ReactNode> = {
  // flame: warming up
  'warm-up': <LineIcon icon={Flame} {...iconProps} />,
  // dumbbell: the main work
  main: <LineIcon icon={Dumbbell} {...iconProps} />,
  // leaf: cooling down
  'cool-down': <LineIcon icon={Leaf} {...iconProps} />,
};

/*
 * Icon | name and notes | amount. On a phone the amount goes under the name (same column), so the name and
 * notes keep the row's full width instead of a narrow column beside "3 sets x 10 reps".
 */
const Item = styled.li`
  display: grid;
  grid-template-columns: 36px minmax(0, 1fr) auto;
  align-items: start;
  column-gap: ${({ theme }) => theme.space.md};
  row-gap: 4px;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 36px minmax(0, 1fr);
    column-gap: ${({ theme }) => theme.space.sm};
  }
  padding: ${({ theme }) => theme.space.md} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child {
    border-top: none;
  }
`;

const Icon = styled.span`
  grid-row: span 2;
  width: 36px;
  height: 36px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.primary};
`;

const Main = styled.div`
  min-width: 0;
`;

const Name = styled.p`
  margin: 0;
  font-weight: 600;
`;

const TutorialLink = styled(Link)`
  color: inherit;
  text-decoration: underline;
  text-underline-offset: 3px;
  ${focusRing}
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

const Notes = styled.p`
  margin: 4px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Amount = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-column: 2;
    white-space: normal;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
`;

export function ExerciseRow({ exercise }: { exercise: PlanExercise }) {
  const key = sectionKey(exercise.section);
  const amount = exerciseRowText(exercise);
  return (
    <Item data-testid="exercise-row">
      <Icon aria-hidden="true" data-section-icon={key}>
        {SECTION_ICONS[key]}
      </Icon>
      <Main>
        <Name>
          {exercise.slug ? (
            // Catalogue exercises link to their tutorial; names the catalogue does not know (OpenAI) stay plain text.
            <TutorialLink to={`/exercise-tutorials/${exercise.slug}`}>
              {exercise.name}
              <Hidden> (exercise tutorial)</Hidden>
            </TutorialLink>
          ) : (
            exercise.name
          )}
        </Name>
        {exercise.notes && <Notes>{exercise.notes}</Notes>}
      </Main>
      <Amount data-testid="exercise-amount">{amount}</Amount>
    </Item>
  );
}
