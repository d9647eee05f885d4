// Type the jest-dom matchers (build-config/jest-dom-setup.js registers them at run time).
import '@testing-library/jest-dom';
