import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  CHALLENGE_CATEGORIES,
  CHALLENGE_DIFFICULTIES,
  CHALLENGE_TYPES,
  type ChallengeType,
} from '@fitconnect/contracts/challenges';
import type { ChallengeSummary } from '@fitconnect/contracts';
import { Button, isApiError } from '@fitconnect/shared-ui';
import { Select, TextArea, TextField } from '@fitconnect/shared-ui/forms';
import { Dialog } from '@fitconnect/shared-ui/widgets';
import { useCreateChallenge } from '../api/mutations';
import { CATEGORY_LABELS, DIFFICULTY_LABELS, TYPE_LABELS } from '../lib/format';
import {
  defaultChallengeValues,
  toLocalInput,
  validateChallengeForm,
  withType,
  type ChallengeFormErrors,
  type ChallengeFormValues,
} from '../lib/form';

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Wide = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;

const opts = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((v) => ({ value: v, label: labels[v] }));

/** Server answers carry zod issues (`{ path, message }`): show them on their fields too. */
function serverFieldErrors(err: unknown): ChallengeFormErrors {
  if (!isApiError(err, 400)) return {};
  const body = (err as { json?: unknown }).json as { issues?: { path?: unknown[]; message?: string }[] } | null;
  const out: ChallengeFormErrors = {};
  for (const i of body?.issues ?? []) {
    const key = i.path?.[0];
    if (typeof key === 'string' && typeof i.message === 'string' && !(key in out)) out[key as keyof ChallengeFormValues] = i.message;
  }
  return out;
}

export interface CreateChallengeDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new challenge after a successful create (the page goes to it). */
  onCreated?: (challenge: ChallengeSummary) => void;
}

/**
 * The create-challenge dialog (SPEC §5 fields and messages, §9 defaults, §8 toasts): the unit follows the
 * type, the date pickers refuse dates before now, the date order error shows on the end date. Closes and
 * resets on success; the creator is joined and onCreated takes them to the new challenge.
 */
export function CreateChallengeDialog({ open, onClose, onCreated }: CreateChallengeDialogProps) {
  const [values, setValues] = useState<ChallengeFormValues>(() => defaultChallengeValues());
  const [errors, setErrors] = useState<ChallengeFormErrors>({});
  const reset = () => {
    setValues(defaultChallengeValues());
    setErrors({});
  };
  const create = useCreateChallenge({
    onSuccess: (c) => {
      reset();
      onClose();
      onCreated?.(c);
    },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });

  const set = <K extends keyof ChallengeFormValues>(key: K, v: ChallengeFormValues[K]) => {
    setValues((old) => ({ ...old, [key]: v }));
    if (errors[key]) setErrors((old) => ({ ...old, [key]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const r = validateChallengeForm(values);
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setErrors({});
    create.mutate(r.body);
  };

  // Recomputed on each render: the pickers never offer a moment already past.
  const minNow = toLocalInput(new Date());

  return (
    <Dialog open={open} onClose={onClose} title="Create New Challenge" description="Set a goal and invite the community to take part." size="md">
      <form onSubmit={submit} noValidate aria-label="Create challenge" aria-busy={create.isPending || undefined}>
        <Fields>
          <Wide>
            <TextField label="Title" required value={values.title} error={errors.title} maxLength={100} onChange={(e) => set('title', e.target.value)} placeholder="e.g. 10K Steps a Day" />
          </Wide>
          <Wide>
            <TextArea
              label="Description"
              required
              value={values.description}
              error={errors.description}
              maxLength={500}
              rows={3}
              onChange={(e) => set('description', e.target.value)}
              placeholder="What is the challenge and how do people take part?"
            />
          </Wide>
          <Select
            label="Challenge Type"
            value={values.type}
            error={errors.type}
            options={opts(CHALLENGE_TYPES, TYPE_LABELS)}
            onChange={(e) => {
              setValues((old) => withType(old, e.target.value as ChallengeType));
              setErrors((old) => ({ ...old, type: undefined, unit: undefined }));
            }}
          />
          <TextField
            label="Target"
            required
            type="number"
            inputMode="decimal"
            min={1}
            value={values.target}
            error={errors.target}
            onChange={(e) => set('target', e.target.value)}
          />
          <TextField label="Unit" required value={values.unit} error={errors.unit} maxLength={30} onChange={(e) => set('unit', e.target.value)} />
          <TextField
            label="Max Participants"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.maxParticipants}
            error={errors.maxParticipants}
            hint="Leave empty for unlimited"
            onChange={(e) => set('maxParticipants', e.target.value)}
          />
          <TextField
            label="Start Date"
            required
            type="datetime-local"
            min={minNow}
            value={values.startDate}
            error={errors.startDate}
            onChange={(e) => set('startDate', e.target.value)}
          />
          <TextField
            label="End Date"
            required
            type="datetime-local"
            min={values.startDate && values.startDate > minNow ? values.startDate : minNow}
            value={values.endDate}
            error={errors.endDate}
            onChange={(e) => set('endDate', e.target.value)}
          />
          <Select
            label="Difficulty"
            value={values.difficulty}
            error={errors.difficulty}
            options={opts(CHALLENGE_DIFFICULTIES, DIFFICULTY_LABELS)}
            onChange={(e) => set('difficulty', e.target.value)}
          />
          <Select
            label="Category"
            value={values.category}
            error={errors.category}
            options={opts(CHALLENGE_CATEGORIES, CATEGORY_LABELS)}
            onChange={(e) => set('category', e.target.value)}
          />
        </Fields>
        <Footer>
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Challenge
          </Button>
        </Footer>
      </form>
    </Dialog>
  );
}
