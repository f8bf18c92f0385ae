import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brandSchema } from '../config/schema.ts';
import { initTestI18n } from '../offline/test-support.ts';
import { Sidebar } from './Sidebar.tsx';

const brand = v.parse(brandSchema, { appName: 'Staff Desktop', logo: '/brand/logo.svg', favicon: '/favicon.ico', themeColor: '#1e6fd9' });

function Address() {
  return <output aria-label="address">{useLocation().pathname}</output>;
}

function mount() {
  render(
    <MemoryRouter initialEntries={['/cashier/orders']}>
      <Sidebar brand={brand} version="2.77.0-abc" />
      <Address />
    </MemoryRouter>,
  );
  return { home: screen.getByRole('link', { name: 'Staff Desktop – Home' }), address: screen.getByRole('status', { name: 'address' }) };
}

beforeAll(initTestI18n);
afterEach(cleanup);

describe('<Sidebar>', () => {
  it('goes home inside the portal when the logo is pressed', () => {
    const { home, address } = mount();
    expect(home.getAttribute('href')).toBe('/');
    // false: the click's default (a page load) was prevented.
    expect(fireEvent.click(home)).toBe(false);
    expect(address.textContent).toBe('/');
  });

  it('leaves a Ctrl+click on the logo to the browser (a new tab)', () => {
    const { home, address } = mount();
    expect(fireEvent.click(home, { ctrlKey: true })).toBe(true);
    expect(address.textContent).toBe('/cashier/orders');
  });
});
