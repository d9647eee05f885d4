import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import {
  EQUIPMENT_OPTIONS,
  FITNESS_LEVELS,
  FOCUS_AREAS,
  GENDERS,
  GOAL_OPTIONS,
  INJURY_OPTIONS,
  MAX_AGE,
  MAX_DURATION,
  MIN_AGE,
  MIN_DURATION,
} from '@fitconnect/contracts/workouts';
import { Button } from '@fitconnect/shared-ui';
import { Checkbox, FieldError, Select, TextField } from '@fitconnect/shared-ui/forms';
import { optionLabel, type WorkoutFormErrors, type WorkoutFormValues } from '../lib/form';

const Fields = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
`;

const Group = styled.fieldset`
  grid-column: 1 / -1;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.md};
  margin: 0;
  min-width: 0;
  legend {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    padding: 0 4px;
  }
`;

const Checks = styled.div`
  display: grid;
  gap: 8px 16px;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
`;

const Submit = styled.div`
  grid-column: 1 / -1;
`;

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: optionLabel(v) }));

type ListField = 'equipment' | 'goals' | 'injuries';

function CheckGroup({
  legend,
  name,
  options,
  values,
  error,
  onToggle,
  hint,
}: {
  legend: string;
  name: ListField;
  options: readonly string[];
  values: string[];
  error?: string;
  onToggle: (name: ListField, value: string, checked: boolean) => void;
  hint?: ReactNode;
}) {
  const errorId = `${name}-error`;
  return (
    <Group aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {hint}
      <Checks>
        {options.map((o) => (
          <Checkbox
            key={o}
            name={name}
            value={o}
            label={optionLabel(o)}
            checked={values.includes(o)}
            onChange={(e) => onToggle(name, o, e.target.checked)}
          />
        ))}
      </Checks>
      {error && (
        <FieldError id={errorId} role="alert" style={{ marginTop: 8 }}>
          {error}
        </FieldError>
      )}
    </Group>
  );
}

export interface WorkoutFormProps {
  values: WorkoutFormValues;
  errors: WorkoutFormErrors;
  onChange: (values: WorkoutFormValues) => void;
  onSubmit: () => void;
  /** Whole form disabled (daily limit reached). */
  disabled: boolean;
  generating: boolean;
  limitReached: boolean;
}

/** The workout request form (SPEC §3 fields and options, §5 messages). */
export function WorkoutForm({ values, errors, onChange, onSubmit, disabled, generating, limitReached }: WorkoutFormProps) {
  const set = <K extends keyof WorkoutFormValues>(key: K, v: WorkoutFormValues[K]) => onChange({ ...values, [key]: v });
  const toggle = (name: ListField, value: string, checked: boolean) => {
    const cur = values[name];
    set(name, checked ? [...cur.filter((x) => x !== value), value] : cur.filter((x) => x !== value));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!disabled && !generating) onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Workout preferences" aria-busy={generating || undefined}>
      <Fields disabled={disabled || generating}>
        <TextField
          label="Age"
          type="number"
          inputMode="numeric"
          min={MIN_AGE}
          max={MAX_AGE}
          value={values.age}
          error={errors.age}
          onChange={(e) => set('age', e.target.value)}
        />
        <Select label="Gender" value={values.gender} error={errors.gender} onChange={(e) => set('gender', e.target.value)} options={opts(GENDERS)} />
        <Select
          label="Fitness Level"
          value={values.fitnessLevel}
          error={errors.fitnessLevel}
          onChange={(e) => set('fitnessLevel', e.target.value)}
          options={opts(FITNESS_LEVELS)}
        />
        <Select
          label="Focus Area"
          value={values.focusArea}
          error={errors.focusArea}
          onChange={(e) => set('focusArea', e.target.value)}
          options={opts(FOCUS_AREAS)}
        />
        <TextField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={MIN_DURATION}
          max={MAX_DURATION}
          step={5}
          value={values.duration}
          error={errors.duration}
          hint={`${MIN_DURATION}-${MAX_DURATION} minutes`}
          onChange={(e) => set('duration', e.target.value)}
        />
        <CheckGroup legend="Available Equipment" name="equipment" options={EQUIPMENT_OPTIONS} values={values.equipment} error={errors.equipment} onToggle={toggle} />
        <CheckGroup legend="Fitness Goals" name="goals" options={GOAL_OPTIONS} values={values.goals} error={errors.goals} onToggle={toggle} />
        <CheckGroup
          legend="Injuries or Limitations (optional)"
          name="injuries"
          options={INJURY_OPTIONS}
          values={values.injuries}
          error={errors.injuries}
          onToggle={toggle}
        />
        <Submit>
          <Button type="submit" size="lg" fullWidth loading={generating} disabled={disabled}>
            {limitReached ? 'Daily Limit Reached' : generating ? 'Generating Your Workout...' : 'Generate Workout'}
          </Button>
        </Submit>
      </Fields>
    </form>
  );
}
