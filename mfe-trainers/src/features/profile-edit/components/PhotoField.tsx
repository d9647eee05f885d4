import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, LineIcon, useToast, visuallyHidden } from '@fitconnect/shared-ui';
import { ImageUp } from 'lucide';
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

/** The real file input: hidden from sight, still the focusable control (the zone shows its focus). */
const FileInput = styled.input`
  ${visuallyHidden}
`;

/**
 * The drop zone: drop a photo on it, or click it (it is a label of the file input) or press Enter/Space
 * on the focused input to pick one. Dashed border; solid primary while a file is dragged over it.
 */
const Zone = styled.label<{ $over: boolean; $disabled?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 2px ${({ $over }) => ($over ? 'solid' : 'dashed')} ${({ $over, theme }) => ($over ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $over, theme }) => ($over ? theme.colors.infoBg : theme.colors.surfaceAlt)};
  color: ${({ theme }) => theme.colors.text};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  input:focus-visible + & {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.primary};
  }
  strong {
    color: ${({ theme }) => theme.colors.primary};
    text-decoration: underline;
    text-underline-offset: 3px;
  }
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
  const [over, setOver] = useState(false);

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
        <Zone
          htmlFor={id}
          $over={over}
          $disabled={disabled}
          data-testid="photo-drop-zone"
          onDragEnter={(e) => {
            e.preventDefault();
            if (!disabled) setOver(true);
          }}
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled) e.dataTransfer.dropEffect = 'copy';
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            if (!disabled) choose(e.dataTransfer.files?.[0]);
          }}
        >
          <LineIcon icon={ImageUp} size={28} strokeWidth={1.75} aria-hidden="true" focusable="false" />
          <span>
            {file ? `${file.name}: ` : ''}Drop a photo here, or <strong>choose a file</strong>
          </span>
        </Zone>
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
