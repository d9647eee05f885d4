import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing, visuallyHidden } from '@fitconnect/shared-ui';
import type { PlanExercise } from '@fitconnect/contracts';
import { exerciseRowText, sectionKey, type SectionKey } from '../lib/format';

/** Row icon by section (every spelling of the section maps to its icon, see sectionKey). Inline SVG: no emoji font needed. */
const svg = (children: ReactNode) => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
    {children}
  </svg>
);
export const SECTION_ICONS: Record<SectionKey, ReactNode> = {
  // flame: warming up
  'warm-up': svg(<path d="M12 3c1 3 5 5 5 10a5 5 0 0 1-10 0c0-2.5 1.5-4 2.5-5 .3 1.7 1 2.6 2 3 0-3-1-5.5.5-8z" />),
  // dumbbell: the main work
  main: svg(
    <>
      <path d="M6 8v8M18 8v8M3 10v4M21 10v4M6 12h12" />
    </>,
  ),
  // leaf: cooling down
  'cool-down': svg(<path d="M5 19c0-8 5-13 14-14-1 9-6 14-14 14zM5 19l7-7" />),
};

const Item = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child {
    border-top: none;
  }
`;

const Icon = styled.span`
  flex-shrink: 0;
  width: 36px;
  height: 36px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.primary};
`;

const Main = styled.div`
  flex: 1;
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
  flex-shrink: 0;
  font-variant-numeric: tabular-nums;
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
