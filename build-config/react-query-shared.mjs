// What the pages share of @tanstack/react-query: the query client, its provider and the hooks they use.
//
// The build shares this module under the name '@tanstack/react-query' instead of the whole package, as
// react-router-shared.mjs does for the router: a shared module is never tree-shaken, and the package
// re-exports all of @tanstack/query-core (hydration, suspense and streaming helpers, restoring, ...), none
// of which a page uses. @tanstack/query-core is therefore not shared on its own: the only copy on a page is
// the part of it inside this module, and there is one of this module per page (a singleton).
//
// Needs another export from @tanstack/react-query? Add it here; build-config/test/shared-subsets.test.ts
// fails when a source file imports a name this list lacks.
export {
  QueryClient,
  QueryClientProvider,
  infiniteQueryOptions,
  keepPreviousData,
  onlineManager,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  // The package itself, by a name the build aliases to its ES module file (build-config/rspack.js):
  // '@tanstack/react-query' here would be this module.
} from 'fitconnect-react-query-package';
