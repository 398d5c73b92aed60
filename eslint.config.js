import config from '@silk/eslint-config';

// Each workspace package lints its own folder; from the root, lint what lies outside them
// (the root configs, tooling/vitest and tooling/docs).
export default [
  {
    ignores: [
      'apps/',
      'packages/',
      'functions/',
      'bench/',
      'e2e/',
      'rules-tests/',
      'scripts/',
      'tooling/*',
      '!tooling/vitest/',
      '!tooling/docs/',
    ],
  },
  ...config,
];
