// The shape of the code, enforced (docs/ARCHITECTURE.md): which package and which folder may import what.
// It runs inside `npm test` (test/lint.test.ts). There is no exceptions file: a rule that is wrong is changed here.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** A deep import into a sibling module: `../turni/service` instead of `../turni`. */
const deepModule = {
  regex: '^\\.\\./[a-z-]+/.+',
  message: "A module imports another only through its public entry: '../<modulo>' (its index.ts).",
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'apps/server/migrations/**', 'apps/web/dev-dist/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: { '@typescript-eslint/no-explicit-any': 'error', 'no-control-regex': 'error' },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // the contract and the engine are pure: they import nothing of ours
    files: ['packages/*/src/**/*.ts'],
    rules: restrict([
      { group: ['@tulip/*'], message: 'The contract and the engine import nothing of ours.' },
      { regex: '(^|/)apps/', message: 'The contract and the engine import nothing of ours.' },
    ]),
  },
  {
    // the web app talks to the server only over HTTP, through the contract
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx'],
    rules: restrict([
      { group: ['@tulip/server', '@tulip/server/*'], message: 'The web app never imports the server.' },
      { regex: '(^|/)server/src/', message: 'The web app never imports the server.' },
    ]),
  },
  {
    // the web's screens: one folder per module, as on the server; the generic layer serves them all
    files: ['apps/web/src/modules/*/**/*.ts', 'apps/web/src/modules/*/**/*.tsx'],
    rules: restrict([
      deepModule,
      { group: ['@tulip/server', '@tulip/server/*'], message: 'The web app never imports the server.' },
      { regex: '(^|/)server/src/', message: 'The web app never imports the server.' },
    ]),
  },
  {
    files: ['apps/web/src/platform/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: restrict([{ regex: '(^|/)modules/', message: 'The web platform and the generic components never import a module.' }]),
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: restrict([{ regex: '(^|/)modules/', message: 'The platform never imports a module: a module gives it what it needs (see registerGuard).' }]),
  },
  {
    files: ['apps/server/src/modules/*/**/*.ts'],
    ignores: ['apps/server/src/modules/*/**/*.test.ts'],
    rules: restrict([
      deepModule,
      { regex: '^(\\.\\./)+app$', message: 'AppDeps lives in platform/deps.ts; a module never imports app.ts.' },
    ]),
  },
  {
    // the app, the seed and the entry points reach a module through its public entry too
    files: ['apps/server/src/*.ts', 'apps/server/src/seed/**/*.ts', 'apps/server/src/db/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/db/schema.ts'],
    rules: restrict([{ regex: '(^|/)modules/[a-z-]+/.+', message: "Import a module through its public entry: 'modules/<modulo>'." }]),
  },
);
