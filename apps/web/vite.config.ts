import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverUrl = 'http://localhost:8080';
const proxied = ['/api', '/payments', '/wp-json', '/runtime-config.json', '/media'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: Object.fromEntries(proxied.map((prefix) => [prefix, serverUrl])) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/web-bundle reads the chunk graph from the manifest.
    manifest: true,
    // Flags stay separate files fetched on use; inlined, all 270 would land in the home page's bundle.
    assetsInlineLimit: (file) => (file.includes('flag-icons') ? false : undefined),
  },
});
