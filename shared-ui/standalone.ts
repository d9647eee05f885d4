// The module behind the import path '@fitconnect/shared-ui/standalone': a remote's own page (its
// src/bootstrap.tsx) wraps its routes module in StandaloneArea. Not part of '@fitconnect/shared-ui', which
// the shell puts on every page's landing path, since only a remote's own page uses it.
export { StandaloneArea } from './src/StandaloneArea';
