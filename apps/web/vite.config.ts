import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every text asset of the build, so the server sends them precompressed
 * (@fastify/static preCompressed) at no CPU cost per request.
 */
function precompress(): Plugin {
  return {
    name: 'tulip-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
        const full = path.join(dir, file);
        const data = fs.readFileSync(full);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }));
      }
    },
  };
}

/**
 * The antd components the main layout draws (Layout, Menu, Select, Dropdown, Button, Space, and the ConfigProvider
 * with its locales): with the modules they import (a group takes its modules' dependencies) they make the
 * `antd-shell` chunk, so a logged-in page loads the antd of its frame at once and not the whole of antd that other
 * pages use. The home page draws nothing else of antd (components/Plain.tsx).
 */
const ANTD_SHELL = /node_modules[\\/]antd[\\/](es|locale)[\\/](layout|menu|select|dropdown|button|space|config-provider|app|locale|theme|style|_util|version|it_IT|en_US)\b/;

/**
 * Tulip web build.
 * - `vite build` -> dist/ (served by apps/server); `vite build --mode desktop` -> the desktop renderer
 *   (refresh token in localStorage, editable base URL, hash router).
 * - The login page must stay small: every route page is lazy, and antd (with dayjs and icons) lives in
 *   its own chunk that only the main layout and the pages pull in. The blank layout, the login,
 *   the loading overlay, the badge and the notifications are plain React + CSS.
 */
const API_TARGET = process.env.TULIP_API ?? 'http://localhost:3000';

export default defineConfig(({ mode }) => ({
  base: mode === 'desktop' ? './' : '/',
  plugins: mode === 'desktop' ? [] : [precompress()],
  oxc: { jsx: { runtime: 'automatic' } },
  server: { port: 5173, proxy: { '/api': { target: API_TARGET, changeOrigin: false } } },
  preview: { port: 4173, proxy: { '/api': { target: API_TARGET, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // antd's "use client" directives mean nothing in a SPA bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      // The contract package has no side effects: unused schemas (and zod) stay out of the entry chunk.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack|idb-keyval)[\\/]/,
              priority: 20,
            },
            // dates and icons on their own: the phone's pages (/mobile) need them and no other antd
            { name: 'dayjs', test: /node_modules[\\/]dayjs[\\/]/, priority: 15 },
            {
              name: 'antd-icons',
              test: /node_modules[\\/]@ant-design[\\/](icons|icons-svg)[\\/]/,
              priority: 14,
            },
            // the antd of the main layout (ANTD_SHELL); it imports nothing of the layers below
            { name: 'antd-shell', test: ANTD_SHELL, priority: 13 },
            // the rest of antd in three layers that only import downwards (icons and the rc-components never import
            // antd), so no chunk waits on another that waits on it
            {
              name: 'antd-base',
              test: /node_modules[\\/](@rc-component|rc-[a-z-]+|dayjs|@babel[\\/]runtime|classnames|clsx|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|json2mq|string-convert|copy-to-clipboard|toggle-selection|resize-observer-polyfill)[\\/]/,
              priority: 11,
            },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|stylis|@emotion)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
}));
