// Async boundary: Module Federation sets up the shared singletons before the app's code runs.
import('./bootstrap');
