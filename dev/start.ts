import { FixtureError } from './fixture-loader.ts';
import { HANDHELD_HOST } from './hosts.ts';
import { browserUsablePort } from './ports.ts';
import { DEFAULT_PORTS, startStack, type Stack } from './stack.ts';

/**
 * `npm start` (= `tsx dev/start.ts`): the whole local stack with the vite dev server.
 * `tsx dev/start.ts --preview`: the same with a vite preview of dist/ (end-to-end tests).
 */

function envNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name}=${raw} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function describe(stack: Stack, preview: boolean): string {
  const width = Math.max(...stack.fixtures.users.map((user) => user.username.length + user.password.length)) + 3;
  const lines = [
    '',
    `Staff Portal local stack is up (${preview ? 'preview of dist/' : 'vite dev server'}).`,
    '',
    `  Portal             ${stack.portalOrigins.filter((origin) => origin.endsWith(`:${stack.ports.portal}`)).join('  ')}`,
    `  Shared handheld    http://${HANDHELD_HOST}:${stack.ports.portal}  (idle lock, shift PIN, End shift: e.g. picker, then picker2)`,
    `  Identity provider  ${stack.issuer}  (discovery: ${stack.issuer}/.well-known/openid-configuration)`,
    `  API                ${stack.api}`,
    `  Sample apps        http://<app>.portal.localhost:${stack.ports.apps}  e.g. ${stack.apps.erp}`,
    `  Hostile test page  http://evil.localhost:${stack.ports.apps}/?send=all`,
    `  Runtime config     ${stack.configFile}`,
    '',
    'Demo logins (username / password):',
    ...stack.fixtures.users.map((user) => `  ${`${user.username} / ${user.password}`.padEnd(width)}  ${user.description}`),
    '',
    'Open the portal in Chromium (it resolves *.localhost by itself). Ctrl+C stops everything.',
    '',
  ];
  return lines.join('\n');
}

async function main() {
  const preview = process.argv.includes('--preview');
  const portalPort = process.env.PORTAL_PORT ? browserUsablePort('PORTAL_PORT', envNumber('PORTAL_PORT', 0, 1, 65535)) : null;
  const port = (name: string, fallback: number) => browserUsablePort(name, envNumber(name, fallback, 1, 65535));
  const stack = await startStack({
    ports: { idp: port('IDP_PORT', DEFAULT_PORTS.idp), api: port('API_PORT', DEFAULT_PORTS.api), apps: port('APPS_PORT', DEFAULT_PORTS.apps) },
    fixturesDir: process.env.PORTAL_FIXTURES || undefined,
    accessTokenTtl: envNumber('IDP_ACCESS_TOKEN_TTL', 3600, 1, 7 * 24 * 3600),
    portal: { mode: preview ? 'preview' : 'dev', port: portalPort ?? (preview ? DEFAULT_PORTS.portalPreview : DEFAULT_PORTS.portalDev) },
    // Sign-in works from both the dev and the preview port unless PORTAL_PORT pins one.
    portalOriginPorts: portalPort ? [portalPort] : [DEFAULT_PORTS.portalDev, DEFAULT_PORTS.portalPreview],
  });
  console.log(describe(stack, preview));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack…`);
    stack.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // A fixture problem is the user's to fix: the message names file and field; a stack trace would bury it.
  console.error(error instanceof FixtureError ? `\n${error.message}\n` : error);
  process.exit(1);
});
