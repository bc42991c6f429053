import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url);
const nvmrcMajor = readFileSync(new URL('.nvmrc', root), 'utf8').trim();
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  devDependencies: Record<string, string>;
};

// The machines ship an older Node; the npm scripts must run on the project's own (node_modules/.bin/node).
describe('the Node the scripts run on', () => {
  it('is the major version .nvmrc names, whatever Node the system has first on PATH', () => {
    expect(process.versions.node.split('.')[0]).toBe(nvmrcMajor);
  });

  it('comes from the node package the project installs, pinned to that same major', () => {
    expect(manifest.devDependencies.node).toMatch(new RegExp(`^\\^${nvmrcMajor}\\.`));
  });
});
