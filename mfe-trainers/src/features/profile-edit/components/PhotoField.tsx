import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, focusRing, useToast } from '@fitconnect/shared-ui';
import { FieldError } from '@fitconnect/shared-ui/forms';
import { TrainerAvatar } from '../../directory/components/TrainerAvatar';
import { PHOTO_ACCEPT, photoProblem } from '../lib/photo';

const Wrap = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Controls = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  flex: 1 1 220px;
`;

const FileLabel = styled.label`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const FileInput = styled.input`
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
  max-width: 100%;
  &::file-selector-button {
    font: inherit;
    font-weight: 600;
    margin-right: 10px;
    padding: 6px 12px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.text};
    cursor: pointer;
  }
  ${focusRing}
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface PhotoFieldProps {
  firstName: string;
  lastName: string;
  /** The photo the profile has now (null: initials). */
  currentSrc: string | null;
  /** The newly chosen file (uploaded on save), or null. */
  file: File | null;
  onFile: (file: File | null) => void;
  disabled?: boolean;
}

/** Choose a photo: SPEC §5's checks before anything is sent, then a preview of the chosen file. */
export function PhotoField({ firstName, lastName, currentSrc, file, onFile, disabled }: PhotoFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { toast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (f: File | undefined) => {
    if (!f) return;
    const problem = photoProblem(f);
    if (problem) {
      setError(problem.description);
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      if (inputRef.current) inputRef.current.value = '';
      onFile(null);
      return;
    }
    setError(null);
    onFile(f);
  };

  const clear = () => {
    if (inputRef.current) inputRef.current.value = '';
    setError(null);
    onFile(null);
  };

  return (
    <Wrap>
      <TrainerAvatar
        firstName={firstName}
        lastName={lastName}
        src={preview ?? currentSrc}
        size={96}
        alt={preview ? 'Preview of the new photo' : currentSrc ? 'Current profile photo' : ''}
      />
      <Controls>
        <FileLabel htmlFor={id}>Profile photo</FileLabel>
        <FileInput
          ref={inputRef}
          id={id}
          type="file"
          accept={PHOTO_ACCEPT}
          disabled={disabled}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <Hint id={`${id}-hint`}>JPEG, PNG or WebP, up to 5MB. {file ? 'Uploaded when you save.' : ''}</Hint>
        {error && (
          <FieldError id={`${id}-error`} role="alert">
            {error}
          </FieldError>
        )}
        {file && (
          <div>
            <Button variant="ghost" size="sm" onClick={clear} disabled={disabled}>
              Keep the current photo
            </Button>
          </div>
        )}
      </Controls>
    </Wrap>
  );
}
