// The module behind the import path '@fitconnect/shared-ui/widgets' (see src/widgets.ts).
export * from './src/widgets';
