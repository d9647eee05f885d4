// The partner page's own React 18, loaded as UMD scripts (vendor/react*.js): the globals partner-app.js uses.
// React is @types/react's UMD global; ReactDOM's createRoot lives in react-dom/client there, so it is declared here.
declare const ReactDOM: {
  createRoot(container: Element | null): { render(node: unknown): void };
};
