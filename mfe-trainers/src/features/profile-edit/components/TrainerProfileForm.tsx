import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { TrainerProfileBody } from '@fitconnect/contracts';
import { Button } from '@fitconnect/shared-ui';
import type { FieldErrors } from '../../../lib/zodErrors';
import { checkProfile, PROFILE_FIELDS, type ProfileField, type ProfileFormValues } from '../lib/profile-form';
import { PhotoField } from './PhotoField';
import { TrainerProfileFields, type FieldRefs } from './TrainerProfileFields';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  justify-content: flex-end;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    flex-direction: column-reverse;
    & > * {
      width: 100%;
    }
  }
`;

export interface TrainerProfileFormProps {
  initial: ProfileFormValues;
  /** For the photo preview's initials. */
  firstName: string;
  lastName: string;
  currentPhoto: string | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: TrainerProfileBody, photo: File | null) => void;
  /** A Cancel control (a link or button), shown next to submit. */
  cancel?: ReactNode;
  /** Field errors from the server (400 with zod issues). */
  serverErrors?: FieldErrors | null;
}

/** The trainer profile form (edit and finish-profile): every field, the photo, validated with the shared schema. */
export function TrainerProfileForm({ initial, firstName, lastName, currentPhoto, submitLabel, pending, onSubmit, cancel, serverErrors }: TrainerProfileFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const submitted = useRef(false);
  const refs: FieldRefs = useRef({});

  const shown = { ...(serverErrors ?? {}), ...errors };

  const onChange = <K extends ProfileField>(name: K, value: ProfileFormValues[K]) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      if (submitted.current) {
        const r = checkProfile(next, { requireLocation: true });
        setErrors(r.ok ? {} : r.errors);
      }
      return next;
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    submitted.current = true;
    const r = checkProfile(values, { requireLocation: true });
    if (!r.ok) {
      setErrors(r.errors);
      const first = PROFILE_FIELDS.find((f) => r.errors[f] !== undefined);
      if (first) refs.current?.[first]?.focus();
      return;
    }
    setErrors({});
    onSubmit(r.data, photo);
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Trainer profile">
      <Section aria-labelledby="photo-title">
        <h2 id="photo-title">Photo</h2>
        <PhotoField firstName={firstName} lastName={lastName} currentSrc={currentPhoto} file={photo} onFile={setPhoto} disabled={pending} />
      </Section>
      <Section aria-labelledby="details-title">
        <h2 id="details-title">Profile details</h2>
        <TrainerProfileFields values={values} errors={shown} onChange={onChange} fieldRefs={refs} disabled={pending} />
      </Section>
      <Buttons>
        {cancel}
        <Button type="submit" loading={pending} size="lg">
          {submitLabel}
        </Button>
      </Buttons>
    </Form>
  );
}
