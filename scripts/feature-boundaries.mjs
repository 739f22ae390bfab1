// Writes the lint rule that keeps web features apart (docs/decisions/0013-web-feature-boundaries.md):
// one .oxlintrc.json override per folder of web/src/features that refuses an import of any other
// feature, by alias or by a relative path, and one that keeps lib/ and components/ free of features
// and of app/. oxlint's patterns cannot say "a feature other than this one" (its regexes have no
// look-ahead), so each feature's override lists the others. `--check` (run by `npm run lint`)
// fails when a feature was added or removed since the overrides were written.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const configFile = join(root, '.oxlintrc.json');
const features = readdirSync(join(root, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const config = JSON.parse(readFileSync(configFile, 'utf8'));

const refusing = (files, pattern, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: pattern, message }] }] },
});

const boundaries = [
  ...features.map((feature) =>
    refusing(
      [`web/src/features/${feature}/**`],
      `^(@/features/|(\\.\\./)+)(${features.filter((other) => other !== feature).join('|')})/`,
      `A feature never imports another feature: share it through web/src/lib/ (queries in lib/queries/, actions as lib/shop-actions.tsx) or compose the features in app/.`,
    ),
  ),
  refusing(
    ['web/src/lib/**', 'web/src/components/**'],
    '^(@/|(\\.\\./)+)(features|app)/',
    'lib/ and components/ are the shared layer under every feature: they never import a feature or app/.',
  ),
];

const isBoundary = (override) => override.rules['no-restricted-imports']?.[1]?.patterns !== undefined;
const kept = config.overrides.filter((override) => !isBoundary(override));
// The boundaries go where they were (before the files that turn the rule off), or last.
const firstBoundary = config.overrides.findIndex(isBoundary);
const at = firstBoundary === -1 ? kept.length : firstBoundary;
const written = { ...config, overrides: [...kept.slice(0, at), ...boundaries, ...kept.slice(at)] };
const text = `${JSON.stringify(written, null, 2)}\n`;

if (process.argv.includes('--check')) {
  if (text !== readFileSync(configFile, 'utf8')) {
    console.error('.oxlintrc.json does not match web/src/features: run `node scripts/feature-boundaries.mjs`.');
    process.exit(1);
  }
} else {
  writeFileSync(configFile, text);
}
