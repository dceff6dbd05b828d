// ESLint flat config: the field's recommended rules for TypeScript (with the type-checked
// promise rules), Astro, React hooks and accessibility of JSX (in islands and in .astro
// templates). `npm test` runs it.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', '.data/', 'releases/', 'content-cache/', 'test-results/', 'playwright-report/', 'screenshots/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  astro.configs['flat/jsx-a11y-recommended'],
  // eslint-plugin-astro's a11y config registers the jsx-a11y plugin; islands get the same rules.
  { files: ['**/*.tsx'], rules: jsxA11y.flatConfigs.recommended.rules },
  // The hooks rules of the field: rules-of-hooks and exhaustive dependencies. The React
  // Compiler's rules (set-state-in-effect, purity…) are for code the compiler compiles; we do
  // not use it, and an island's effect that syncs state once hydrated is what we mean.
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    // The browser tests' own `test` watches every page for Content-Security-Policy violations.
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './test.ts': its test fails on any Content-Security-Policy violation.",
            },
          ],
        },
      ],
    },
  },
  {
    // Typed rules: a promise nobody awaits or catches loses its failure, and an async function
    // handed to an event emitter or a listener turns its failure into an unhandled rejection.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': 'error' },
  },
  {
    rules: {
      // Unused names starting with _ are deliberate (a parameter a signature needs).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
