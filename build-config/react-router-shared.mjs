// What the pages share of react-router: the declarative router (components, hooks and path helpers).
//
// The build shares this module under the name 'react-router-dom' instead of the whole package
// (build-config/rspack.js): a shared module is never tree-shaken, because the build cannot know what
// another app will use of it, and all of react-router (data routers, server rendering, cookies and
// sessions) is about four times this list. Every app imports 'react-router-dom' as before.
//
// Needs another export from react-router? Add it here; build-config/test/shared-subsets.test.ts fails
// when a source file imports a name this list lacks.
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  NavigationType,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  isRouteErrorResponse,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
