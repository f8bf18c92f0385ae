import type { Brand, RuntimeConfig } from './schema.ts';

/** The brand of a host: exact host (with port) first, then the host name alone, then the default. */
export function brandForHost(config: Pick<RuntimeConfig, 'brands'>, host: string): Brand | undefined {
  const hosts = config.brands.hosts;
  const hostName = host.replace(/:\d+$/, '');
  return hosts[host] ?? hosts[hostName] ?? config.brands.default;
}

/** Support contact of a host (shell.md §4: "support contact ({email}; depends on host)"). */
export function supportEmailForHost(config: Pick<RuntimeConfig, 'support'>, host: string): string {
  const hosts = config.support.hosts;
  return hosts[host] ?? hosts[host.replace(/:\d+$/, '')] ?? config.support.defaultEmail;
}

export function isAdminDomain(config: Pick<RuntimeConfig, 'adminDomains'>, host: string): boolean {
  return config.adminDomains.includes(host.replace(/:\d+$/, ''));
}
