// The module behind the import path '@fitconnect/shared-ui/patterns' (see src/patterns.ts).
export * from './src/patterns';
