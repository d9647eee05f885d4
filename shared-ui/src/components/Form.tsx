import {
  cloneElement,
  isValidElement,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from '@fitconnect/shared-ui';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

export const Label = styled.label`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
`;

const Required = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  margin-left: 2px;
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 500;
`;

const controlCss = css<{ $invalid?: boolean }>`
  width: 100%;
  box-sizing: border-box;
  min-height: 42px;
  padding: 8px 12px;
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ $invalid, theme }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  transition: border-color 0.15s ease;
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 0.85;
  }
  &:hover:not(:disabled) {
    border-color: ${({ $invalid, theme }) => ($invalid ? theme.colors.danger : theme.colors.textMuted)};
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  ${focusRing}
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  ${controlCss}
`;

export const StyledTextArea = styled.textarea<{ $invalid?: boolean }>`
  ${controlCss}
  min-height: 96px;
  resize: vertical;
  line-height: 1.5;
`;

const StyledSelect = styled.select<{ $invalid?: boolean }>`
  ${controlCss}
  cursor: pointer;
`;

/** Props the control needs so its label, hint and error are announced. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Error text; sets aria-invalid and is announced through aria-describedby. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Id of the control (generated when absent). */
  id?: string;
  required?: boolean;
  className?: string;
  /** Either a control element (it receives id/aria props) or a render function. */
  children: ReactElement | ((control: FieldControlProps) => ReactNode);
}

function useFieldIds(id: string | undefined, error: ReactNode, hint: ReactNode, required?: boolean) {
  const auto = useId();
  const controlId = id ?? `field-${auto}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };
  return { controlId, hintId, errorId, control };
}

function FieldShell({
  label,
  labelFor,
  required,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
}: {
  label: ReactNode;
  labelFor: string;
  required?: boolean;
  hint?: ReactNode;
  hintId: string;
  error?: ReactNode;
  errorId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Field className={className}>
      <Label htmlFor={labelFor}>
        {label}
        {required && <Required aria-hidden="true">*</Required>}
      </Label>
      {children}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
    </Field>
  );
}

/** Label + control + hint + error, wired with htmlFor / aria-describedby / aria-invalid. */
export function FormField({ label, error, hint, id, required, className, children }: FormFieldProps) {
  const { controlId, hintId, errorId, control } = useFieldIds(id, error, hint, required);
  const content =
    typeof children === 'function'
      ? children(control)
      : isValidElement(children)
        ? cloneElement(
            children as ReactElement<Record<string, unknown>>,
            // DOM elements get only the aria props; styled controls also get $invalid for the red border.
            typeof children.type === 'string' ? { ...control } : { ...control, $invalid: !!error },
          )
        : children;
  return (
    <FieldShell
      label={label}
      labelFor={controlId}
      required={required}
      hint={hint}
      hintId={hintId}
      error={error}
      errorId={errorId}
      className={className}
    >
      {content}
    </FieldShell>
  );
}

interface CommonFieldProps {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  className?: string;
}

export interface TextFieldProps extends CommonFieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, id, required, className, ref, ...input }: TextFieldProps) {
  const { controlId, hintId, errorId, control } = useFieldIds(id, error, hint, required);
  return (
    <FieldShell label={label} labelFor={controlId} required={required} hint={hint} hintId={hintId} error={error} errorId={errorId} className={className}>
      <Input ref={ref} {...input} {...control} required={required} $invalid={!!error} />
    </FieldShell>
  );
}

export interface TextAreaProps extends CommonFieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, error, hint, id, required, className, ref, ...area }: TextAreaProps) {
  const { controlId, hintId, errorId, control } = useFieldIds(id, error, hint, required);
  return (
    <FieldShell label={label} labelFor={controlId} required={required} hint={hint} hintId={hintId} error={error} errorId={errorId} className={className}>
      <StyledTextArea ref={ref} {...area} {...control} required={required} $invalid={!!error} />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends CommonFieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  /** Options (or pass <option> children). */
  options?: SelectOption[];
  /** A first, empty-valued option, e.g. 'Select…'. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A native, labelled select. */
export function Select({ label, error, hint, id, required, className, options, placeholder, children, ref, ...select }: SelectProps) {
  const { controlId, hintId, errorId, control } = useFieldIds(id, error, hint, required);
  return (
    <FieldShell label={label} labelFor={controlId} required={required} hint={hint} hintId={hintId} error={error} errorId={errorId} className={className}>
      <StyledSelect ref={ref} {...select} {...control} required={required} $invalid={!!error}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </StyledSelect>
    </FieldShell>
  );
}

const CheckRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

const CheckLabel = styled.label`
  display: inline-flex;
  align-items: flex-start;
  gap: 10px;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.4;
`;

const CheckInput = styled.input`
  width: 18px;
  height: 18px;
  margin: 1px 0 0;
  flex-shrink: 0;
  accent-color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;
  ${focusRing}
`;

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, error, hint, id, required, className, ref, ...input }: CheckboxProps) {
  const { controlId, hintId, errorId, control } = useFieldIds(id, error, hint, required);
  return (
    <CheckRow className={className}>
      <CheckLabel htmlFor={controlId}>
        <CheckInput ref={ref} type="checkbox" {...input} {...control} required={required} />
        <span>{label}</span>
      </CheckLabel>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
    </CheckRow>
  );
}
