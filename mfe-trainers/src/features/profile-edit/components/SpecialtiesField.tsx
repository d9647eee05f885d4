import { forwardRef, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { X } from 'lucide';
import { focusRing, LineIcon } from '@fitconnect/shared-ui';
import { TextField } from '@fitconnect/shared-ui/forms';

const Chips = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 8px 0 0;
  padding: 0;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  padding: 2px 4px 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.info};
  background: ${({ theme }) => theme.colors.infoBg};
  color: ${({ theme }) => theme.colors.info};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  max-width: 100%;
  span {
    overflow-wrap: anywhere;
  }
`;

const Remove = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
  ${focusRing}
`;

/** 'a, b ,, c' -> ['a', 'b', 'c'] (trimmed, no empties, no repeats ignoring case). */
export function splitSpecialties(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(',')) {
    const t = part.trim();
    if (t && !out.some((x) => x.toLowerCase() === t.toLowerCase())) out.push(t);
  }
  return out;
}

const joinAll = (chips: string[], draft: string) => splitSpecialties([...chips, draft].join(',')).join(', ');

export interface SpecialtiesFieldProps {
  /** The form's value: specialties separated by commas (the API's contract is unchanged). */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  name?: string;
}

/**
 * Specialties as chips: type one and press Enter or a comma to add it; each chip has a remove button;
 * Backspace in the empty field takes the last chip back for editing. What is still typed counts too, so
 * the form's value is always every chip plus the draft, comma-separated.
 */
export const SpecialtiesField = forwardRef<HTMLInputElement, SpecialtiesFieldProps>(function SpecialtiesField(
  { value, onChange, error, disabled, name },
  ref,
) {
  const [chips, setChips] = useState<string[]>(() => splitSpecialties(value));
  const [draft, setDraft] = useState('');
  const emitted = useRef(value);

  // A value set from outside (the profile loaded, the form reset): show it as chips.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setChips(splitSpecialties(value));
    setDraft('');
  }, [value]);

  const update = (nextChips: string[], nextDraft: string) => {
    setChips(nextChips);
    setDraft(nextDraft);
    const joined = joinAll(nextChips, nextDraft);
    emitted.current = joined;
    onChange(joined);
  };

  const onText = (text: string) => {
    if (!text.includes(',')) return update(chips, text);
    // Commas commit every part before the last one (typing a comma, or pasting a list).
    const parts = text.split(',');
    const last = parts.pop() ?? '';
    update(splitSpecialties([...chips, ...parts].join(',')), last.trimStart());
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (draft.trim()) update(splitSpecialties([...chips, draft].join(',')), '');
    } else if (e.key === 'Backspace' && draft === '' && chips.length > 0) {
      e.preventDefault();
      update(chips.slice(0, -1), chips[chips.length - 1]);
    }
  };

  return (
    <div>
      <TextField
        ref={ref}
        name={name}
        label="Specialties"
        required
        maxLength={120}
        placeholder={chips.length ? 'Add another' : 'e.g. Strength training'}
        hint="Press Enter or type a comma after each one."
        value={draft}
        error={error}
        disabled={disabled}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (draft.trim()) update(splitSpecialties([...chips, draft].join(',')), '');
        }}
      />
      {chips.length > 0 && (
        <Chips aria-label="Your specialties" data-testid="specialty-chips">
          {chips.map((c, i) => (
            <Chip key={c}>
              <span>{c}</span>
              <Remove type="button" aria-label={`Remove ${c}`} disabled={disabled} onClick={() => update(chips.filter((_, j) => j !== i), draft)}>
                <LineIcon icon={X} size={14} strokeWidth={2.5} aria-hidden="true" focusable="false" />
              </Remove>
            </Chip>
          ))}
        </Chips>
      )}
    </div>
  );
});
