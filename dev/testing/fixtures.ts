import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_IN_FIXTURES, type FixtureFiles } from '../fixture-loader.ts';

export type FixtureEdits = { [File in keyof FixtureFiles]?: (json: FixtureFiles[File]) => void };

/**
 * A private copy of the built-in fixtures for one test, each named file edited in place — the
 * way a test brings its own world with PORTAL_FIXTURES.
 */
export function fixturesCopy(edits: FixtureEdits = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'staff-portal-fixtures-'));
  cpSync(BUILT_IN_FIXTURES, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits) as [keyof FixtureFiles, (json: unknown) => void][]) {
    const path = join(dir, file);
    const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
    edit(json);
    writeFileSync(path, JSON.stringify(json));
  }
  return dir;
}
