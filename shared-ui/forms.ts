// The module behind the import path '@fitconnect/shared-ui/forms' (see src/forms.ts).
export * from './src/forms';
