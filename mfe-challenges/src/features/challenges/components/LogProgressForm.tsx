import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  INVALID_PROGRESS_MESSAGE,
  INVALID_PROGRESS_TITLE,
  LogProgressBody,
  maxProgressPerLog,
  progressCapMessage,
  type ChallengeType,
} from '@fitconnect/contracts/challenges';
import { Button, toast } from '@fitconnect/shared-ui';
import { TextField } from '@fitconnect/shared-ui/forms';
import { useLogProgress } from '../api/mutations';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: minmax(0, 1fr) minmax(0, 2fr);
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Submit = styled.div`
  grid-column: 1 / -1;
`;

export interface LogProgressFormProps {
  challenge: { id: number; type: ChallengeType; target: number; unit: string };
}

/**
 * 'Log Your Progress' (SPEC §2/§5): numeric amount and optional note. An amount of 0 or less shows
 * 'Invalid Progress'; after a successful log the form resets to 0 and an empty note.
 */
export function LogProgressForm({ challenge }: LogProgressFormProps) {
  const [amount, setAmount] = useState('0');
  const [note, setNote] = useState('');
  const log = useLogProgress(challenge.id, {
    onSuccess: () => {
      setAmount('0');
      setNote('');
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (log.isPending) return;
    const parsed = LogProgressBody.safeParse({ progress: amount.trim() === '' ? NaN : amount, note });
    if (!parsed.success) {
      toast({ title: INVALID_PROGRESS_TITLE, description: INVALID_PROGRESS_MESSAGE, variant: 'destructive' });
      return;
    }
    if (parsed.data.progress > maxProgressPerLog(challenge)) {
      toast({ title: INVALID_PROGRESS_TITLE, description: progressCapMessage(challenge), variant: 'destructive' });
      return;
    }
    log.mutate(parsed.data);
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Log your progress" aria-busy={log.isPending || undefined}>
      <TextField
        label={`Amount (${challenge.unit})`}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <TextField label="Note (optional)" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} placeholder="e.g. Evening walk in the park" />
      <Submit>
        <Button type="submit" loading={log.isPending}>
          Log Progress
        </Button>
      </Submit>
    </Form>
  );
}
