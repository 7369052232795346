// Set-up of the component tests (vitest project `components`, jsdom): Testing Library's DOM matchers, and a
// clean document after every test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom has a CSS namespace without CSS.supports, which Ariakit's scroll lock asks; no feature is supported there.
if (typeof globalThis.CSS?.supports !== 'function') {
  Object.defineProperty(globalThis, 'CSS', { value: { ...globalThis.CSS, supports: () => false }, configurable: true });
}

