// What the pages share of react-router: the declarative router (components, hooks and path helpers).
//
// The build shares this module under the name 'react-router-dom' instead of the whole package
// (build-config/rspack.js): a shared module is never tree-shaken, because the build cannot know what
// another app will use of it, and all of react-router (data routers, server rendering, cookies and
// sessions) is about four times this list. Every app imports 'react-router-dom' as before.
//
// Only the names the front ends import: each name listed keeps its code on every page, used or not (the
// declarative router's other components, hooks and path helpers were listed until issue 35; see the note
// in docs/performance.md for what they cost). Needs another export from react-router? Add it here;
// build-config/test/shared-subsets.test.ts fails when a source file imports a name this list lacks.
export {
  BrowserRouter,
  Routes,
  Route,
  Link,
  Navigate,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
