import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { Button, apiErrorMessage, useCurrentUser, visuallyHidden } from '@fitconnect/shared-ui';
import { TextArea } from '@fitconnect/shared-ui/forms';
import { TRAINING_NOTE_MAX, challengeSessionAmount } from '@fitconnect/contracts/training';
import type { SessionTotals } from '../../session/components/WorkoutSession';
import { onWorkoutSessionFinished } from '../../session/lib/sessionLog';
import type { SendResult } from '../lib/sync';
import { newClientKey } from '../lib/queue';
import { getUserChallenges, logChallengeProgress } from '../api/training';

const Panel = styled.div`
  width: 100%;
  max-width: 560px;
  margin-top: ${({ theme }) => theme.space.md};
  text-align: left;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  legend {
    font-weight: 700;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin-bottom: ${({ theme }) => theme.space.xs};
    padding: 0;
  }
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Scale = styled.div`
  display: grid;
  grid-template-columns: repeat(5, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.xs};
  @media (min-width: 520px) {
    grid-template-columns: repeat(10, minmax(0, 1fr));
  }
`;

const Option = styled.label`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;
  input {
    ${visuallyHidden}
  }
  &:has(input:checked) {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Status = styled.p<{ $tone: 'ok' | 'warn' | 'error' }>`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'ok' ? theme.colors.successBg : $tone === 'warn' ? theme.colors.warningBg : theme.colors.dangerBg)};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.5;
`;

const Offer = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  p {
    margin: 0;
  }
`;

const Offers = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const EFFORTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

export interface SessionEndProps {
  workoutId: number;
  workoutTitle: string;
  totals: SessionTotals;
  /** Back to the plan. */
  onClose: () => void;
}

type OfferState = 'ask' | 'adding' | 'added' | 'declined' | 'failed';

function ChallengeOffer({ id, title, amount, label, note }: { id: number; title: string; amount: number; label: string; note: string }) {
  const [state, setState] = useState<OfferState>('ask');
  const [error, setError] = useState('');
  if (state === 'declined') return null;
  const add = async () => {
    setState('adding');
    try {
      await logChallengeProgress(id, amount, note);
      setState('added');
    } catch (err) {
      setError(apiErrorMessage(err, 'The progress could not be added. Please try again.'));
      setState('failed');
    }
  };
  return (
    <Offer data-testid="challenge-offer">
      {state === 'added' ? (
        <p role="status">
          Added {label} to ‘{title}’.
        </p>
      ) : (
        <>
          <p>
            Add {label} to ‘{title}’?
          </p>
          {state === 'failed' && <p role="alert">{error}</p>}
          <Actions>
            <Button size="sm" onClick={add} disabled={state === 'adding'} aria-label={`Add ${label} to ${title}`}>
              {state === 'adding' ? 'Adding…' : 'Add'}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setState('declined')} aria-label={`No thanks, do not add to ${title}`}>
              No thanks
            </Button>
          </Actions>
        </>
      )}
    </Offer>
  );
}

function ChallengeOffers({ durationSeconds, workoutTitle }: { durationSeconds: number; workoutTitle: string }) {
  const q = useQuery({ queryKey: ['/api/user/challenges', 'session-offers'], queryFn: getUserChallenges, staleTime: 0 });
  const offers = (q.data ?? []).flatMap((c) => {
    if (c.completed || c.challenge.status !== 'active') return [];
    const amount = challengeSessionAmount(c.challenge, durationSeconds);
    return amount ? [{ id: c.challenge.id, title: c.challenge.title, ...amount }] : [];
  });
  if (!offers.length) return null;
  return (
    <Offers aria-label="Your challenges">
      {offers.map((o) => (
        <ChallengeOffer key={o.id} {...o} note={`Guided session: ${workoutTitle}`.slice(0, 500)} />
      ))}
    </Offers>
  );
}

/**
 * The end of a guided session (issue 31.4): "How hard was it?" (1-10, optional) and a note, then Save or Skip;
 * either records the session (queued on this device, sent now or when back online). Then, when it reached the
 * API, the user's active challenges that count minutes or sessions are offered, each asked first.
 */
export function SessionEnd({ workoutId, workoutTitle, totals, onClose }: SessionEndProps) {
  const { user } = useCurrentUser();
  const [effort, setEffort] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<SendResult | null>(null);
  // Fixed once: the end time and the idempotency key of this session (a second press sends the same one).
  const fixed = useRef({ finishedAt: new Date().toISOString(), clientKey: newClientKey(), totals });
  const statusRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (result) statusRef.current?.focus();
  }, [result]);

  const save = async (withAnswers: boolean) => {
    if (!user || saving) return;
    setSaving(true);
    const t = fixed.current.totals;
    try {
      const r = await onWorkoutSessionFinished({
        userId: user.id,
        workoutId,
        workoutTitle,
        completedSets: t.completedSets,
        skippedExercises: t.skippedExercises,
        exercisesDone: t.exercisesDone,
        exercisesSkipped: t.exercisesSkipped,
        completed: t.completed,
        elapsedSeconds: t.elapsedSeconds,
        finishedAt: fixed.current.finishedAt,
        clientKey: fixed.current.clientKey,
        ...(withAnswers ? { effort, note: note.trim() } : {}),
      });
      setResult(r ?? { status: 'queued' });
    } catch {
      setResult({ status: 'queued' });
    } finally {
      setSaving(false);
    }
  };

  if (!user) {
    return (
      <Panel>
        <Status $tone="warn" role="status">
          Sign in to keep a log of your sessions in My Training.
        </Status>
        <Actions>
          <Button onClick={onClose}>Back to Plan</Button>
        </Actions>
      </Panel>
    );
  }

  if (result) {
    const tone = result.status === 'sent' ? 'ok' : result.status === 'queued' ? 'warn' : 'error';
    const text =
      result.status === 'sent'
        ? 'Saved to My Training.'
        : result.status === 'queued'
          ? 'You’re offline: the session is saved on this device and will be sent when you’re back online.'
          : `The session could not be saved: ${result.message}`;
    return (
      <Panel>
        <Status ref={statusRef} tabIndex={-1} role="status" $tone={tone} data-testid="session-log-status">
          {text}
        </Status>
        {result.status === 'sent' && <ChallengeOffers durationSeconds={result.session.durationSeconds} workoutTitle={workoutTitle} />}
        <Actions>
          <Button onClick={onClose}>Back to Plan</Button>
          <Button as={Link} to="/my-training" variant="outline">
            My Training
          </Button>
        </Actions>
      </Panel>
    );
  }

  return (
    <Panel as="form" aria-label="Log this session" onSubmit={(e) => {
      e.preventDefault();
      void save(true);
    }}>
      <Fieldset aria-describedby="effort-hint">
        <legend>How hard was it?</legend>
        <Hint id="effort-hint">Optional. 1 is very easy, 10 is as hard as you can go.</Hint>
        <Scale>
          {EFFORTS.map((n) => (
            <Option key={n}>
              <input type="radio" name="effort" value={n} checked={effort === n} onChange={() => setEffort(n)} />
              {n}
            </Option>
          ))}
        </Scale>
      </Fieldset>
      <TextArea label="Note (optional)" rows={3} maxLength={TRAINING_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} hint="How it went, what to change next time." />
      <Actions>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" variant="outline" disabled={saving} onClick={() => void save(false)}>
          Skip
        </Button>
      </Actions>
      <Hint>Save or Skip: the session goes into My Training either way.</Hint>
    </Panel>
  );
}
