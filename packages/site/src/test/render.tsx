import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { SiteConfigContext, withDefaults, type SiteConfig } from '../config';

/** Its children read `config` over the defaults as their site config, merged as main.tsx and the server merge theirs. */
export function WithSiteConfig({ config, children }: { config: Partial<SiteConfig>; children: ReactNode }) {
  return <SiteConfigContext value={withDefaults(config)}>{children}</SiteConfigContext>;
}

/** Testing Library's render under a site config: `config` over the defaults (the defaults alone without it). */
export function renderWithConfig(ui: ReactElement, config: Partial<SiteConfig> = {}, options: Omit<RenderOptions, 'wrapper'> = {}): RenderResult {
  return render(ui, { ...options, wrapper: ({ children }: { children: ReactNode }) => <WithSiteConfig config={config}>{children}</WithSiteConfig> });
}
