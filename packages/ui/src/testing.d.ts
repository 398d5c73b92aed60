// Types of the jest-dom matchers that tooling/vitest/setup-dom.ts installs for the component tests.
/// <reference types="@testing-library/jest-dom/vitest" />
