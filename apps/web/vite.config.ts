import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes `.br` and `.gz` beside every text file of the build, at the highest levels (done once,
 * not per request); the server's static handler picks the one the browser accepts.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'riskscan-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle)
          .filter((file) => COMPRESSIBLE.test(file.fileName))
          .map(async (file) => {
            const source = file.type === 'chunk' ? file.code : file.source;
            const target = path.join(dir, file.fileName);
            await writeFile(`${target}.br`, await br(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
            await writeFile(`${target}.gz`, await gz(source, { level: 9 }));
          }),
      );
    },
  };
}

const serverUrl = 'http://localhost:8080';
const proxied = ['/api', '/payments', '/wp-json', '/runtime-config.json', '/media'];

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: Object.fromEntries(proxied.map((prefix) => [prefix, serverUrl])) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No public source maps: they would publish the app's source to anyone (issue 31).
    sourcemap: false,
    // bench/web-bundle reads the chunk graph from the manifest.
    manifest: true,
    // Flags stay separate files fetched on use; inlined, all 270 would land in the home page's bundle.
    assetsInlineLimit: (file) => (file.includes('flag-icons') ? false : undefined),
  },
});
