import type { RefObject } from 'react';
import styled from 'styled-components';
import { Checkbox, TextArea, TextField } from '@fitconnect/shared-ui/forms';
import type { FieldErrors } from '../../../lib/zodErrors';
import { SpecialtiesField } from './SpecialtiesField';
import type { ProfileField, ProfileFormValues } from '../lib/profile-form';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Wide = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

const Checks = styled.fieldset`
  grid-column: 1 / -1;
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  legend {
    padding: 0;
    margin-bottom: 8px;
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export type FieldRefs = RefObject<Partial<Record<ProfileField, HTMLInputElement | HTMLTextAreaElement | null>>>;

export interface TrainerProfileFieldsProps {
  values: ProfileFormValues;
  errors: FieldErrors;
  onChange: <K extends ProfileField>(name: K, value: ProfileFormValues[K]) => void;
  /** Filled with each control, so the first invalid one can be focused. */
  fieldRefs?: FieldRefs;
  disabled?: boolean;
  /** Show the location field (edit and finish; sign-up asks for it on the account tab) — default true. */
  showLocation?: boolean;
}

/** Every trainer profile field (SPEC §3, §5), shared by the edit page, the finish-profile page and sign-up. */
export function TrainerProfileFields({ values, errors, onChange, fieldRefs, disabled, showLocation = true }: TrainerProfileFieldsProps) {
  const ref = (name: ProfileField) => (el: HTMLInputElement | HTMLTextAreaElement | null) => {
    if (fieldRefs?.current) fieldRefs.current[name] = el;
  };
  const text = (name: Exclude<ProfileField, 'availableOnline' | 'availableInPerson'>) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled,
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
  });

  return (
    <Grid>
      <TextField label="Specialization" required maxLength={100} placeholder="e.g. Strength & Conditioning" ref={ref('specialization')} {...text('specialization')} />
      <TextField
        label="Years of experience"
        required
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        ref={ref('yearsOfExperience')}
        {...text('yearsOfExperience')}
      />
      <Wide>
        <TextArea
          label="Description"
          required
          maxLength={2000}
          rows={5}
          hint="At least 20 characters: who you help, how you train, where."
          ref={ref('description')}
          {...text('description')}
        />
      </Wide>
      <Wide>
        <SpecialtiesField
          name="specialties"
          value={values.specialties}
          error={errors.specialties}
          disabled={disabled}
          onChange={(v) => onChange('specialties', v)}
          ref={ref('specialties')}
        />
      </Wide>
      <Wide>
        <TextField
          label="Certifications"
          maxLength={1000}
          placeholder="Level 3 Personal Trainer, First Aid"
          hint="Optional. Separate certifications with commas."
          ref={ref('certifications')}
          {...text('certifications')}
        />
      </Wide>
 {showLocation && (
        <Wide>
          <TextField
            label="Location"
            required
            maxLength={120}
            placeholder="e.g. Leeds, LS6 2AB"
            hint="Your postcode or town: clients searching nearby see how far away you are."
            ref={ref('location')}
            {...text('location')}
          />
        </Wide>
      )}
      <TextField label="Education" maxLength={300} placeholder="e.g. BSc Sport Science" ref={ref('education')} {...text('education')} />
      <TextField
        label="Session price (£ per hour)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint="Optional. Whole pounds."
        ref={ref('sessionPrice')}
        {...text('sessionPrice')}
      />
      <Checks>
        <legend>Sessions offered</legend>
        <Checkbox label="In person" name="availableInPerson" checked={values.availableInPerson} disabled={disabled} onChange={(e) => onChange('availableInPerson', e.target.checked)} />
        <Checkbox label="Online" name="availableOnline" checked={values.availableOnline} disabled={disabled} onChange={(e) => onChange('availableOnline', e.target.checked)} />
      </Checks>
      <TextField label="Instagram handle" maxLength={31} placeholder="@yourname" ref={ref('instagramHandle')} {...text('instagramHandle')} />
      <TextField label="X (Twitter) handle" maxLength={16} placeholder="@yourname" ref={ref('twitterHandle')} {...text('twitterHandle')} />
      <Wide>
        <TextField label="Website" type="url" maxLength={300} placeholder="https://example.com" ref={ref('websiteUrl')} {...text('websiteUrl')} />
      </Wide>
    </Grid>
  );
}
