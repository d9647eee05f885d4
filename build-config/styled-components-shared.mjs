// What the pages share of styled-components: the styled factory, css/keyframes, global styles and the theme
// provider.
//
// The build shares this module under the name 'styled-components' instead of the whole package, as
// react-router-shared.mjs does for the router: a shared module is never tree-shaken, and the package also
// carries server rendering (ServerStyleSheet), StyleSheetManager, withTheme, createTheme, the RSC stylis
// plugin and other helpers no page uses (about 1.3 KB gzip of the landing page). The styled-components that
// the trainers area's server rendering uses is the package itself, in Node (scripts/ssr/), not this module.
//
// Needs another export from styled-components? Add it here; build-config/test/shared-subsets.test.ts fails
// when a source file imports a name this list lacks.
export {
  default,
  styled,
  css,
  keyframes,
  createGlobalStyle,
  ThemeProvider,
  // The package itself, by a name the build aliases to its browser ES module file (build-config/rspack.js):
  // 'styled-components' here would be this module.
} from 'fitconnect-styled-components-package';
