import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Badge, Button, Card, CardBody } from '@fitconnect/shared-ui';
import type { TutorialExercise } from '../data/exercises';
import { DIFFICULTY_TONE } from './difficulty';

const VideoFrame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  background: #000;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  &:focus {
    outline: none;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.md} 0;
  dt {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 4px 0 0;
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
`;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space.lg};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
  ol,
  ul {
    margin: 0;
    padding-left: 1.4em;
    display: flex;
    flex-direction: column;
    gap: 6px;
    line-height: 1.5;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
`;

export interface ExerciseDetailProps {
  exercise: TutorialExercise;
  onBack: () => void;
}

/** One tutorial: embedded video, description, facts, numbered instructions, pro tips, back. */
export function ExerciseDetail({ exercise, onBack }: ExerciseDetailProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    // A new view starts at the top of the page: the page heading, Back, then the exercise.
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
  }, [exercise.id]);
  return (
    <article aria-labelledby="tutorial-detail-heading">
      <Button variant="ghost" onClick={onBack}>
        <span aria-hidden="true">←</span> Back to Exercises
      </Button>
      <Card style={{ marginTop: 12 }}>
        <CardBody>
          <Heading id="tutorial-detail-heading" ref={headingRef} tabIndex={-1}>
            {exercise.name}
          </Heading>
          <Row>
            <Badge tone={DIFFICULTY_TONE[exercise.difficulty]}>{exercise.difficulty}</Badge>
            <Badge tone="info">{exercise.category}</Badge>
          </Row>
          <VideoFrame>
            <iframe
              src={exercise.videoUrl}
              title={`${exercise.name} video tutorial`}
              loading="lazy"
              allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </VideoFrame>
          <p style={{ lineHeight: 1.6 }}>{exercise.description}</p>
          <Facts>
            <div>
              <dt>Duration</dt>
              <dd>{exercise.duration}</dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>{exercise.category}</dd>
            </div>
            <div>
              <dt>Target Muscles</dt>
              <dd>
                {exercise.muscleGroups.map((m) => (
                  <Badge key={m}>{m}</Badge>
                ))}
              </dd>
            </div>
            <div>
              <dt>Equipment</dt>
              <dd>{exercise.equipment.join(', ')}</dd>
            </div>
          </Facts>
          <Section aria-labelledby="tutorial-instructions">
            <h3 id="tutorial-instructions">Instructions</h3>
            <ol>
              {exercise.instructions.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </Section>
          <Section aria-labelledby="tutorial-tips">
            <h3 id="tutorial-tips">Pro Tips</h3>
            <ul>
              {exercise.tips.map((tip, i) => (
                <li key={i}>{tip}</li>
              ))}
            </ul>
          </Section>
        </CardBody>
      </Card>
    </article>
  );
}
