// npm builds of the published packages (ESM + type declarations). Dependencies and peers stay external: the
// consumer's bundler dedupes them. The size budgets in .size-limit.json measure the entries with them bundled.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import typescript from '@rollup/plugin-typescript';

const externalOf = (pkg) => {
  const names = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
  return (id) => names.some((name) => id === name || id.startsWith(`${name}/`));
};

// Paths from this file, so a package's own `npm run build` works from its folder.
const at = (path) => fileURLToPath(new URL(path, import.meta.url));
const readPackage = (dir) => JSON.parse(readFileSync(new URL(`${dir}/package.json`, import.meta.url), 'utf8'));

const commentsClient = readPackage('./packages/comments-client');
const commentsWidget = readPackage('./packages/comments-widget');

// The widget's stylesheet ships as one file beside its code (dist/styles.css); components import no CSS.
const widgetStyles = () => ({
  name: 'widget-styles',
  buildStart() {
    this.addWatchFile(at('packages/comments-widget/src/styles/styles.css'));
  },
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'styles.css', source: readFileSync(at('packages/comments-widget/src/styles/styles.css'), 'utf8') });
  },
});

export default [
  {
    input: at('packages/comments-client/src/index.ts'),
    output: { dir: at('packages/comments-client/dist'), format: 'es', sourcemap: false },
    external: externalOf(commentsClient),
    plugins: [typescript({ tsconfig: at('packages/comments-client/tsconfig.build.json'), outputToFilesystem: true })],
  },
  {
    input: at('packages/comments-widget/src/index.ts'),
    output: { dir: at('packages/comments-widget/dist'), format: 'es', sourcemap: false },
    external: externalOf(commentsWidget),
    plugins: [typescript({ tsconfig: at('packages/comments-widget/tsconfig.build.json'), outputToFilesystem: true }), widgetStyles()],
  },
];
