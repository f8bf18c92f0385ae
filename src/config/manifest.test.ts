import { describe, expect, it } from 'vitest';
import { manifestForHost } from './manifest.ts';
import * as v from 'valibot';
import { brandSchema } from './schema.ts';

const staff = v.parse(brandSchema, { appName: 'Staff Desktop', logo: '/l.svg', favicon: '/f.svg', themeColor: '#1e6fd9' });
const dongDuong = v.parse(brandSchema, { appName: 'Đông Dương Staff Hub', logo: '/d.svg', favicon: '/df.svg', themeColor: '#0f7a4a' });

describe('manifestForHost', () => {
  const config = { brands: { hosts: { 'portal.localhost': staff, 'staff.portal.localhost': dongDuong } } };

  it.each([
    ['portal.localhost:5173', 'Staff Desktop', '#1e6fd9'],
    ['staff.portal.localhost:5173', 'Đông Dương Staff Hub', '#0f7a4a'],
    ['staff.portal.localhost', 'Đông Dương Staff Hub', '#0f7a4a'],
  ])('%s answers its brand', (host, name, colour) => {
    expect(manifestForHost(config, host)).toMatchObject({ name, short_name: name, theme_color: colour, id: '/', start_url: '/', scope: '/', display: 'standalone' });
  });

  it('has the icons an install needs (192 and 512, and a maskable one)', () => {
    expect(manifestForHost(config, 'portal.localhost')?.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('answers nothing for an unknown host, and the default brand when there is one', () => {
    expect(manifestForHost(config, 'unknown.localhost')).toBeNull();
    expect(manifestForHost({ brands: { default: staff, hosts: {} } }, 'unknown.localhost')).toMatchObject({ name: 'Staff Desktop' });
  });
});
