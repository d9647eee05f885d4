import { startEarly } from './federation/earlyStart';

// Opened at an area's URL: fetch /remotes.json and preload the area's remote while React loads.
startEarly();

// Async boundary: Module Federation sets up the shared singletons before the app's code runs. The chunk's
// name is how the build finds it to preload it from the page's <head> (build-config/preload.js).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
