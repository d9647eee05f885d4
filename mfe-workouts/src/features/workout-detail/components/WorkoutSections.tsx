import styled from 'styled-components';
import { Badge, Card, CardBody } from '@fitconnect/shared-ui';
import type { PlanExercise } from '@fitconnect/contracts';
import { SECTION_ORDER, SECTION_TITLES, estimateSectionMinutes, groupBySection } from '../lib/format';
import { ExerciseRow } from './ExerciseRow';

const SectionHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const List = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
`;

const Empty = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Warm-up, Main Workout and Cool Down, each with its SPEC §9 estimated minutes and its rows. */
export function WorkoutSections({ exercises }: { exercises: PlanExercise[] }) {
  const groups = groupBySection(exercises);
  return (
    <>
      {SECTION_ORDER.map((key) => {
        const minutes = estimateSectionMinutes(key, groups[key]);
        const headingId = `section-${key}`;
        return (
          <Card as="section" key={key} aria-labelledby={headingId} data-testid={`section-${key}`}>
            <CardBody>
              <SectionHead>
                <h2 id={headingId}>
                  {SECTION_TITLES[key]} <span style={{ fontWeight: 400, fontSize: '0.9em', whiteSpace: 'nowrap' }}>({minutes} min)</span>
                </h2>
                <Badge tone="neutral">
                  {groups[key].length} {groups[key].length === 1 ? 'exercise' : 'exercises'}
                </Badge>
              </SectionHead>
              {groups[key].length ? (
                <List>
                  {groups[key].map((ex) => (
                    <ExerciseRow key={ex.id} exercise={ex} />
                  ))}
                </List>
              ) : (
                <Empty>No exercises in this section.</Empty>
              )}
            </CardBody>
          </Card>
        );
      })}
    </>
  );
}
