import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Card, CardBody, CardDescription, CardFooter, CardHeader, CardTitle, focusRing } from '@fitconnect/shared-ui';
import type { ExerciseSummary } from '@fitconnect/contracts';
import { muscleBadges } from '../lib/filter';
import { DIFFICULTY_TONE } from './difficulty';

/*
 * Cards off screen are not styled, laid out or painted until they come near the viewport
 * (content-visibility: auto; about 300 px tall until first shown, then their last size): a theme switch restyles
 * every element of the page, and 24 cards were two thirds of them (issue 35.1). They stay in the accessibility
 * tree and find-in-page.
 */
const Item = styled(Card)`
  display: flex;
  flex-direction: column;
  content-visibility: auto;
  contain-intrinsic-block-size: auto 300px;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
`;

/** A class, not a style attribute: a server-rendered page's style="" is refused by the CSP (issue 32). */
const Muscles = styled(Meta)`
  margin-top: 8px;
`;

const Duration = styled.p`
  margin: 8px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Grow = styled(CardBody)`
  flex: 1;
`;

const ViewLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: 0 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  ${focusRing}
`;

export interface ExerciseCardProps {
  exercise: ExerciseSummary;
  /** The list's query string, so the detail page's back button returns to the same filtered list. */
  listSearch: string;
}

/** A library card: name, difficulty, category, description, duration, up to 3 muscle badges plus '+N'. */
export function ExerciseCard({ exercise, listSearch }: ExerciseCardProps) {
  const { shown, more } = muscleBadges(exercise.muscleGroups);
  return (
    <Item as="article" aria-labelledby={`tutorial-${exercise.slug}`} data-testid="exercise-card">
      <CardHeader>
        <Meta>
          <Badge tone={DIFFICULTY_TONE[exercise.difficulty]}>{exercise.difficulty}</Badge>
          <Badge tone="info">{exercise.category}</Badge>
        </Meta>
        <CardTitle as="h2" id={`tutorial-${exercise.slug}`}>{exercise.name}</CardTitle>
      </CardHeader>
      <Grow>
        <CardDescription>{exercise.description}</CardDescription>
        <Duration>Duration: {exercise.duration}</Duration>
        <Muscles aria-label="Target muscles" role="group">
          {shown.map((m) => (
            <Badge key={m}>{m}</Badge>
          ))}
          {more > 0 && <Badge aria-label={`${more} more muscle groups`}>+{more}</Badge>}
        </Muscles>
      </Grow>
      <CardFooter>
        <ViewLink
          to={`/exercise-tutorials/${exercise.slug}`}
          state={{ listSearch }}
          data-tutorial-slug={exercise.slug}
          aria-label={`View tutorial: ${exercise.name}`}
        >
          View Tutorial
        </ViewLink>
      </CardFooter>
    </Item>
  );
}
