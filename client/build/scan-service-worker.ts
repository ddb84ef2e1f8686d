import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/** Files of client/public the scanner's page asks for: copied as they are, so not in the bundle. */
const PUBLIC_FILES = ['/scan.webmanifest', '/favicon.svg'];
const FONT = /\.(woff2?|ttf|otf)$/;
/** The app's strings of the languages other than Hebrew, loaded on demand: a scanner opened offline in any of them needs its own. */
const LANGUAGE_BUNDLE = /\/src\/i18n\/languages\/[a-z]{2}\.ts$/;

function chunkOf(bundle: Rollup.OutputBundle, sourceSuffix: string): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find(
    (c): c is Rollup.OutputChunk =>
      c.type === 'chunk' && (c.facadeModuleId?.replace(/\\/g, '/').endsWith(sourceSuffix) ?? false),
  );
  if (!chunk) throw new Error(`scan-service-worker: no chunk for ${sourceSuffix}`);
  return chunk;
}

/**
 * The files the scanner's page needs, by the build's hashed names: the entry and the app's chunk with what they
 * import; the scanner's chunk with everything it imports, also on demand (the QR decoder is loaded only on browsers
 * without BarcodeDetector); their styles and assets; every font (the styles name them); and the app's strings in
 * every language (only Hebrew's are in the entry).
 */
export function scannerFiles(bundle: Rollup.OutputBundle, scannerSource: string, appSource: string): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const item = bundle[fileName];
    if (item?.type !== 'chunk') return;
    for (const css of item.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of item.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const next of item.imports) visit(next);
  };
  for (const item of Object.values(bundle)) if (item.type === 'chunk' && item.isEntry) visit(item.fileName);
  visit(chunkOf(bundle, appSource).fileName);
  // The scanner's chunk and what it (or a chunk it loads on demand) loads on demand; not the on-demand imports of
  // the chunks it shares with other pages (the app's shared chunk would bring every page).
  const onDemand = new Set<string>();
  const loadAll = (fileName: string) => {
    if (onDemand.has(fileName)) return;
    onDemand.add(fileName);
    visit(fileName);
    const item = bundle[fileName];
    if (item?.type === 'chunk') for (const next of item.dynamicImports) loadAll(next);
  };
  loadAll(chunkOf(bundle, scannerSource).fileName);
  for (const item of Object.values(bundle)) {
    if (FONT.test(item.fileName)) files.add(item.fileName);
    if (item.type === 'chunk' && LANGUAGE_BUNDLE.test(item.facadeModuleId?.replace(/\\/g, '/') ?? ''))
      visit(item.fileName);
  }
  return [...files].filter((f) => !f.endsWith('.map')).sort();
}

/**
 * The door scanner's service worker (docs/door-checkin.md, "Opening offline"): `scan-sw.js` at the site's root,
 * bundled on its own from `workerSource`, headed by this build's version and its precache list (the scanner's page
 * `/scan`, its hashed files, the web app manifest). The version is a hash of the list, the page and the worker's
 * code: any change to what the scanner runs makes a new worker, which a phone installs beside the old one.
 */
export function scanServiceWorker(options: { workerSource: string; scannerSource: string; appSource: string }): Plugin {
  return {
    name: 'hotline:scan-service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_output, bundle) {
      const worker = await build({
        configFile: false,
        logLevel: 'silent',
        build: {
          write: false,
          minify: true,
          emptyOutDir: false,
          lib: { entry: options.workerSource, formats: ['iife'], name: 'scanServiceWorker', fileName: 'scan-sw' },
        },
      });
      const outputs = (Array.isArray(worker) ? worker : [worker]) as Rollup.RollupOutput[];
      const code = outputs[0]?.output.find((o): o is Rollup.OutputChunk => o.type === 'chunk')?.code;
      if (!code) throw new Error('scan-service-worker: the worker did not build');
      const files = [
        '/scan',
        ...PUBLIC_FILES,
        ...scannerFiles(bundle, options.scannerSource, options.appSource).map((f) => `/${f}`),
      ];
      const page = bundle['index.html'];
      const hash = createHash('sha256').update(code).update(JSON.stringify(files));
      if (page?.type === 'asset') hash.update(page.source);
      const version = hash.digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'scan-sw.js',
        source: `const SCAN_SW_BUILD=${JSON.stringify({ version, files })};\n${code}`,
      });
      this.info(`scan-sw.js: version ${version}, ${files.length} files (${path.basename(options.workerSource)})`);
    },
  };
}
