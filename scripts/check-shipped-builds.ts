import { REPO_ROOT } from './lib/repo-root';
import { shopLayout, testCodeInBuilds } from './lib/shipped-builds';

/**
 * npm run check:builds — after `npm run build` (the README's test command runs it before the
 * e2e journeys): the shop's builds hold no test code (scripts/lib/shipped-builds.ts, issue #53).
 */
const layout = shopLayout(REPO_ROOT);
if (layout.buildFolders.length === 0) {
  console.error('check:builds: no build found — run npm run build first');
  process.exit(1);
}
const findings = testCodeInBuilds(layout);
if (findings.length > 0) {
  console.error(`check:builds: test code in a shipped build (${findings.length}):`);
  for (const { file, problem } of findings.slice(0, 40)) console.error(`  ${file.slice(REPO_ROOT.length + 1)}: ${problem}`);
  process.exit(1);
}
console.log(
  `check:builds: ${layout.buildFolders.length} builds hold no test code (${layout.supportFiles.length} test-support files' texts searched, server builds' sources read)`,
);
