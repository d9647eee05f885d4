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
 * 'Log Your Progress' (SPEC §2/§5): numeric amount and optional note. The amount starts empty (a 0 looked
 * like a value to submit). An empty or non-positive amount shows the SPEC §8 'Invalid Progress' toast and
 * the message on the field itself, as the create dialog does; after a successful log both fields empty.
 */
export function LogProgressForm({ challenge }: LogProgressFormProps) {
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const log = useLogProgress(challenge.id, {
    onSuccess: () => {
      setAmount('');
      setNote('');
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (log.isPending) return;
    const parsed = LogProgressBody.safeParse({ progress: amount.trim() === '' ? NaN : amount, note });
    if (!parsed.success) {
      setAmountError(INVALID_PROGRESS_MESSAGE);
      toast({ title: INVALID_PROGRESS_TITLE, description: INVALID_PROGRESS_MESSAGE, variant: 'destructive' });
      return;
    }
    if (parsed.data.progress > maxProgressPerLog(challenge)) {
      setAmountError(progressCapMessage(challenge));
      toast({ title: INVALID_PROGRESS_TITLE, description: progressCapMessage(challenge), variant: 'destructive' });
      return;
    }
    setAmountError(undefined);
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
        error={amountError}
        onChange={(e) => {
          setAmount(e.target.value);
          setAmountError(undefined);
        }}
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
