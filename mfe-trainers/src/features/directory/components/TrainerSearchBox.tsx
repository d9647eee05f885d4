import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, visuallyHidden } from '@fitconnect/shared-ui';
import { Input } from '@fitconnect/shared-ui/forms';
import { SearchIcon } from '../../../lib/icons';

/**
 * The location search: 'Enter your postcode or city' and a Search button. Reusable outside the shell
 * (the partner widget): the current value comes in, the submitted text goes out through onSearch.
 */

const Form = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  @media (max-width: 420px) {
    flex-direction: column;
  }
`;

const Field = styled.div`
  position: relative;
  flex: 1;
  min-width: 0;
  svg {
    position: absolute;
    left: 12px;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
  input {
    padding-left: 38px;
    min-height: 46px;
  }
`;

const HiddenLabel = styled.label`
  ${visuallyHidden}
`;

export interface TrainerSearchBoxProps {
  /** The searched text (the field follows it when it changes from outside, e.g. back navigation). */
  value: string;
  /** Called with the trimmed text when the search is submitted ('' clears the location). */
  onSearch: (location: string) => void;
  /** Accessible name of the field (default 'Postcode or city'). */
  label?: string;
  buttonLabel?: string;
  className?: string;
}

export function TrainerSearchBox({ value, onSearch, label = 'Postcode or city', buttonLabel = 'Search', className }: TrainerSearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };

  return (
    <Form role="search" onSubmit={submit} className={className} aria-label="Search trainers by location">
      <Field>
        <HiddenLabel htmlFor={id}>{label}</HiddenLabel>
        <SearchIcon size={18} />
        <Input
          id={id}
          type="search"
          name="location"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Enter your postcode or city"
          autoComplete="postal-code"
          maxLength={100}
          enterKeyHint="search"
        />
      </Field>
      <Button type="submit" size="lg">
        {buttonLabel}
      </Button>
    </Form>
  );
}
