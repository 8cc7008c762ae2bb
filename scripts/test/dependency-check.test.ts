import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The dependency check `npm test` runs (`npm run lint:deps`: knip, knip.json) can fail: a small
 * package in a temporary folder declares a dependency it never imports and imports one it never
 * declares, and knip names both and exits 1; the same package made right passes. The shop's own
 * tree is checked by the lint step itself.
 */
const KNIP = path.resolve(__dirname, '../../node_modules/.bin/knip');

function knipIn(files: Record<string, string>): { status: number | null; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-knip-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    const result = spawnSync(KNIP, ['--dependencies', '--no-config-hints', '--no-progress'], { cwd: dir, encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const CONFIG = JSON.stringify({ entry: ['src/index.ts'], project: ['src/**/*.ts'] });
const manifest = (dependencies: Record<string, string>) => JSON.stringify({ name: 'probe', version: '1.0.0', private: true, dependencies });

test('a declared package nobody imports, and an imported package nobody declares, fail the check', () => {
  const { status, output } = knipIn({
    'package.json': manifest({ 'left-pad': '^1.3.0', react: '^19.2.0' }),
    'knip.json': CONFIG,
    'src/index.ts': "import { useState } from 'react';\nimport kleur from 'kleur';\nexport const used = [useState, kleur];\n",
  });
  expect(status).toBe(1);
  expect(output).toMatch(/Unused dependencies \(1\)\s+left-pad/);
  expect(output).toMatch(/Unlisted dependencies \(1\)\s+kleur/);
  expect(output).not.toMatch(/react/);
}, 60_000);

test('the same package with its dependencies right passes', () => {
  const { status, output } = knipIn({
    'package.json': manifest({ kleur: '^4.1.5', react: '^19.2.0' }),
    'knip.json': CONFIG,
    'src/index.ts': "import { useState } from 'react';\nimport kleur from 'kleur';\nexport const used = [useState, kleur];\n",
  });
  expect(output).toBe('');
  expect(status).toBe(0);
}, 60_000);
