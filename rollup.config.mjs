// npm builds of the published packages (ESM + type declarations). Dependencies and peers stay external: the
// consumer's bundler dedupes them. The size budgets in .size-limit.mjs measure the entries with them bundled.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import ts from 'typescript';

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

/**
 * Empties an npm build's output folder first (all but `keep`): a file of an earlier build, a chunk name no longer made,
 * must not ship in the tarball.
 */
const cleanOutput = (dir, keep = []) => ({
  name: 'clean-output',
  buildStart() {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) if (!keep.includes(name)) rmSync(join(dir, name), { recursive: true, force: true });
  },
});

const embed = embedBuilds();

export default process.env.BUILD === 'embed' ? embed : [
  {
    input: at('packages/comments-client/src/index.ts'),
    // Source maps with their sources, and declaration maps (tsconfig.build.json) into the shipped src/: a consumer's
    // debugger and "go to definition" land on our TypeScript.
    output: { dir: at('packages/comments-client/dist'), format: 'es', sourcemap: true, preserveModules: true, preserveModulesRoot: at('packages/comments-client/src') },
    external: externalOf(commentsClient),
    plugins: [cleanOutput(at('packages/comments-client/dist')), typescript({ tsconfig: at('packages/comments-client/tsconfig.build.json'), outputToFilesystem: true })],
  },
  {
    input: at('packages/comments-widget/src/index.ts'),
    // React Server Components (Next.js App Router) import the widget as client code: its components use context and
    // state, which a server component cannot. Rollup drops module-level directives from sources when it bundles, so
    // the directive goes in as a banner of the output, the first statement of the file.
    // One file per module (preserveModules): with `sideEffects` in package.json, a consumer's bundler drops every
    // module its imports do not reach, so importing one helper does not pull the widget (scripts/check-publish.mjs).
    output: {
      dir: at('packages/comments-widget/dist'), format: 'es', sourcemap: true, banner: "'use client';",
      preserveModules: true, preserveModulesRoot: at('packages/comments-widget/src'),
    },
    external: externalOf(commentsWidget),
    // dist/embed is the embed builds' (below), which the server serves; they run after this one and replace it.
    plugins: [cleanOutput(at('packages/comments-widget/dist'), ['embed']), typescript({ tsconfig: at('packages/comments-widget/tsconfig.build.json'), outputToFilesystem: true }), widgetStyles()],
  },
  ...embed,
];

/** Whether a module is reached from an entry by static imports alone (not only through a dynamic import). */
function staticallyReached(id, getModuleInfo, seen = new Set()) {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = getModuleInfo(id);
  return Boolean(info && (info.isEntry || info.importers.some((importer) => staticallyReached(importer, getModuleInfo, seen))));
}

/**
 * The embed (packages/comments-widget/src/embed, served by the server's embed module from dist/embed/): the loader
 * and the count script as small classic scripts; the iframe app with react and react-dom resolved to preact/compat
 * (most specific first); the server render of the iframe with the same aliases, for Node. `BUILD=embed` builds only
 * these (`rollup -c --environment BUILD:embed`).
 */
function embedBuilds() {
  const embedDir = at('packages/comments-widget/dist/embed');
  const source = (name) => at(`packages/comments-widget/src/embed/${name}`);
  // Type checking is `tsc -p packages/comments-widget`; here each file is only transpiled, which keeps this build fast.
  const compile = () => ({
    name: 'embed-typescript',
    resolveId(id, importer) {
      if (!importer || !/\.tsx?$/.test(importer) || !id.startsWith('.') || !id.endsWith('.js')) return null;
      for (const ext of ['.ts', '.tsx']) {
        const candidate = fileURLToPath(new URL(id.replace(/\.js$/, ext), `file://${importer}`));
        if (existsSync(candidate)) return candidate;
      }
      return null;
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id)) return null;
      const { outputText } = ts.transpileModule(code, {
        fileName: id,
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, jsx: ts.JsxEmit.ReactJSX, verbatimModuleSyntax: true },
      });
      return { code: outputText, map: null };
    },
  });
  const preact = () => alias({
    entries: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^@guffaw\/comments-client$/, replacement: at('packages/comments-client/src/index.ts') },
      // The comment client's HTTP on plain fetch (src/embed/ky-lite.ts): ky alone would take a third of the budget.
      { find: /^ky$/, replacement: source('ky-lite.ts') },
    ],
  });
  const production = () => replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } });
  const script = (name) => ({
    input: source(`${name}.ts`),
    output: { file: `${embedDir}/${name}.js`, format: 'iife', sourcemap: false },
    plugins: [compile(), terser({ ecma: 2020 })],
  });
  return [
    script('loader'),
    script('count'),
    {
      input: source('frame.tsx'),
      // The page loads frame.js with a version query (?v=): a lazy chunk importing back from './frame.js' would load
      // and run a second copy of the app. So what frame.tsx reaches statically is a chunk of its own, named by its
      // hash, which frame.js and the lazy chunks import alike; frame.js keeps only frame.tsx itself.
      output: {
        dir: embedDir, format: 'es', entryFileNames: 'frame.js', chunkFileNames: 'frame-[hash].js', sourcemap: false,
        manualChunks: (id, { getModuleInfo }) => (!getModuleInfo(id)?.isEntry && staticallyReached(id, getModuleInfo) ? 'app' : undefined),
      },
      plugins: [
        preact(), compile(), nodeResolve({ browser: true }), commonjs(), production(), terser({ ecma: 2020, module: true, compress: { passes: 2 } }),
        // The frame page inlines the widget's stylesheet (the server reads it from here).
        { name: 'frame-styles', generateBundle() { this.emitFile({ type: 'asset', fileName: 'frame.css', source: readFileSync(at('packages/comments-widget/src/styles/styles.css'), 'utf8') }); } },
      ],
    },
    {
      input: source('render.tsx'),
      // One file for the server: the widget's on-demand parts (menus, dialogs) never render there, inlined all the same.
      output: { file: `${embedDir}/render.js`, format: 'es', sourcemap: false, inlineDynamicImports: true },
      external: (id) => id.startsWith('node:') || ['stream', 'util'].includes(id),
      plugins: [preact(), compile(), nodeResolve({ exportConditions: ['node'] }), commonjs(), production()],
    },
  ];
}
