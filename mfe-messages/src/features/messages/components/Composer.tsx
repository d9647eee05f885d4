import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { MessageContent, SEND_MESSAGE_FAILED } from '@fitconnect/contracts/messages';
import { Button, visuallyHidden } from '@fitconnect/shared-ui';
import { FieldError } from '@fitconnect/shared-ui/forms';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const RowBox = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

const Area = styled.textarea<{ $invalid: boolean }>`
  flex: 1;
  min-width: 0;
  box-sizing: border-box;
  min-height: 44px;
  max-height: 180px;
  padding: 10px 12px;
  font: inherit;
  line-height: 1.4;
  resize: vertical;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Label = styled.label`
  ${visuallyHidden}
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface ComposerProps {
  partnerName: string;
  /** Sends the (trimmed) text; false when there was nothing to send. */
  onSend(text: string): boolean;
  /** A message finally failed to send (shows SPEC §8's message). */
  failed: boolean;
}

/** The labelled message box: Enter sends, Shift+Enter makes a new line, blank is not sent. */
export function Composer({ partnerName, onSend, failed }: ComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const submit = () => {
    const parsed = MessageContent.safeParse(text);
    if (!parsed.success) {
      // Blank: nothing to send, silently. Too long: say so.
      setError(text.trim() ? (parsed.error.issues[0]?.message ?? null) : null);
      return;
    }
    setError(null);
    if (onSend(parsed.data)) setText('');
    // Back to the box for the next message. Only when it lost focus (the Send button reached by keyboard):
    // focus() updates style and layout at once, about 20 ms of a send at 4x CPU (issue 35.1).
    const area = areaRef.current;
    if (area && document.activeElement !== area) area.focus({ preventScroll: true });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  const message = error ?? (failed ? SEND_MESSAGE_FAILED : null);
  return (
    <Form onSubmit={onSubmit} aria-label={`Send a message to ${partnerName}`}>
      <Label htmlFor={id}>Message to {partnerName}</Label>
      <RowBox>
        <Area
          ref={areaRef}
          id={id}
          rows={2}
          value={text}
          placeholder={`Write a message to ${partnerName}…`}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-describedby={[hintId, message ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          $invalid={!!error}
        />
        {/* A pointer press on Send leaves the focus (and a phone's keyboard) in the message box. */}
        <Button type="submit" disabled={!text.trim()} onMouseDown={(e) => e.preventDefault()}>
          Send
        </Button>
      </RowBox>
      <Hint id={hintId}>Press Enter to send, Shift+Enter for a new line.</Hint>
      {message && (
        <FieldError id={errorId} role="alert">
          {message}
        </FieldError>
      )}
    </Form>
  );
}
