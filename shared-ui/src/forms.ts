// '@fitconnect/shared-ui/forms': the form fields (label, control, hint and error wired for screen readers).
// A Module Federation singleton of its own (build-config/rspack.js), apart from '@fitconnect/shared-ui',
// which is on the landing path: it loads with the first page that has a form. What the fields need of the
// rest of shared-ui they import from '@fitconnect/shared-ui', the page's one copy, never by a relative path
// (that would put a second copy of it in this module).

export { FormField, TextField, TextArea, Select, Checkbox, Input, Label, FieldError } from './components/Form';
export type {
  FormFieldProps,
  FieldControlProps,
  TextFieldProps,
  TextAreaProps,
  SelectProps,
  SelectOption,
  CheckboxProps,
} from './components/Form';

// Filters kept in the URL: each change builds on the last one asked for (pages with filters load this module anyway).
export { useLatestSearchParams } from './searchParams';
export type { SearchParamsUpdate } from './searchParams';
