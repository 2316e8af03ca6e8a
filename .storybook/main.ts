import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../packages/*/src/**/*.stories.@(ts|tsx)'],
  // mockServiceWorker.js (from `npx msw init .storybook/public --save=false`) is served at the root.
  staticDirs: ['./public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    const { default: react } = await import('@vitejs/plugin-react');
    const hasReact = (viteConfig.plugins ?? []).flat().some((p) => p && typeof p === 'object' && 'name' in p && String(p.name).startsWith('vite:react'));
    return { ...viteConfig, plugins: [...(viteConfig.plugins ?? []), ...(hasReact ? [] : [react()])] };
  },
};

export default config;
