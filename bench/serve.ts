/** The production build served as in production (nginx, generated config) on a local stack, for the benchmarks. */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, type Stack } from '../dev/stack.ts';
import { freePort, startNginx } from '../scripts/nginx-conf.ts';

/** Builds dist/ unless its manifest is newer than every input of the build. */
export function ensureBuild(): void {
  const manifest = statSync('dist/.vite/manifest.json', { throwIfNoEntry: false });
  const newest = (path: string): number => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return 0;
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
  };
  const inputs = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-plugins.ts', 'package-lock.json'];
  if (manifest && Math.max(...inputs.map(newest)) < manifest.mtimeMs) return;
  console.log(manifest ? 'dist/ is older than its sources: building' : 'no build in dist/: building');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

export interface ServedPortal {
  stack: Stack;
  /** The portal's address (nginx on loopback; the host name picks the local stack's default brand). */
  origin: string;
  close(): Promise<void>;
}

/** A local stack on free ports and nginx serving dist/ with the configuration generated from the stack's runtime config. */
export async function servePortal(fixturesDir?: string): Promise<ServedPortal> {
  ensureBuild();
  const port = await freePort();
  // The provider sends the code back only to origins it knows: nginx's port must be one of them.
  const stack = await startStack({ ports: { idp: 0, api: 0, apps: 0 }, fixturesDir, portal: { mode: 'none' }, portalOriginPorts: [port] });
  try {
    const nginx = await startNginx({ root: 'dist', runtimeConfigFile: stack.configFile, port });
    return {
      stack,
      origin: nginx.origin,
      close: async () => {
        await nginx.close();
        await stack.close();
      },
    };
  } catch (error) {
    await stack.close();
    throw error;
  }
}
