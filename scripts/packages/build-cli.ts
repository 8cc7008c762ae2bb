import { spawnSync } from 'node:child_process';
import { sharedPackages } from './shared-packages';

/**
 * npm run packages:build — builds every shared package as it is published (dist/: JavaScript
 * and declarations), dependencies first; `npm pack` and `npm run packages:publish` do this too.
 * The shop itself never needs it: inside this repository the packages are read from src/.
 */
for (const pkg of sharedPackages().filter((candidate) => candidate.built)) {
  const result = spawnSync('npm', ['run', '--silent', 'build:package'], { cwd: pkg.dir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
