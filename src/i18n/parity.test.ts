import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';

const localesDir = join(__dirname, 'locales');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function load(language: string, file: string): unknown {
  return JSON.parse(readFileSync(join(localesDir, language, file), 'utf8'));
}

describe('translations', () => {
  const files = readdirSync(join(localesDir, 'vi'));

  it('every language has the same namespaces', () => {
    for (const language of LANGUAGES) expect(readdirSync(join(localesDir, language)).sort()).toEqual([...files].sort());
  });

  it.each(files)('%s has the same keys in vi and en, none empty', (file) => {
    const [vi, en] = LANGUAGES.map((language) => load(language, file));
    expect(keys(en).sort()).toEqual(keys(vi).sort());
    for (const tree of [vi, en]) {
      for (const key of keys(tree)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
        expect(typeof text === 'string' && text.trim().length > 0, `${file}: ${key}`).toBe(true);
      }
    }
  });

  it('interpolation placeholders match between languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const file of files) {
      const [vi, en] = LANGUAGES.map((language) => load(language, file));
      for (const key of keys(vi)) {
        const get = (tree: unknown) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;
        expect(placeholders(get(en)), `${file}: ${key}`).toEqual(placeholders(get(vi)));
      }
    }
  });

  it('has the messages the spec names (shell.md §4, §5, §8)', () => {
    // The start's texts, and those only a later part shows (the forms' messages): deferred.json.
    const vi = [...keys(load('vi', 'translation.json')), ...keys(load('vi', 'deferred.json'))];
    for (const key of [
      'WebsiteConfigNotFound',
      'YourSessionHasBeenExpired',
      'Warehousing.DetectInvalidSiteMsg',
      'EditingStatus.ExitWarning',
      'InternetAvailable',
      'InternetUnavailable',
      'Upgrading',
      'TimeRemainBeforeDone',
      'NoResult',
      'TodoList',
      'Messages.NoPermission',
      'Messages.PageNotFound',
      'Messages.WebsiteInfoNotFound',
      'Messages.SystemError',
      'Messages.LoadSellerError',
      'Messages.NoValidSellerOrSite',
      'Messages.SellerNotSupported',
      'Form.Required',
      'Form.WrongFormat',
      'Form.MaxLength',
      'Form.Length',
      'Form.Min',
      'Form.Max',
      'Form.EndAfterStart',
      'Form.RangeUpperAboveLower',
      'Form.PositiveInteger',
      'Form.CodeCharacters',
      'Form.FieldError',
    ]) {
      expect(vi, key).toContain(key);
    }
  });
});
