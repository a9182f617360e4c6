import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { isIsolatedZodModule, isolatedZod, isZodModule } from './build/isolated-zod.ts';
import { mantineComponentStyles } from './build/mantine-component-styles.ts';

const API_ORIGIN = 'http://127.0.0.1:3000';

const nodeModule = (...names: string[]) => new RegExp(`node_modules[\\\\/](${names.join('|')})[\\\\/]`);

// Libraries every page needs sit in long-lived vendor chunks that survive app-only releases. Library code
// only some pages use (more Mantine components, forms, date pickers, the upload dropzone) is split by the
// pages that use it, so the first page does not download it. A dropzone group took Mantine's core with it
// once a page used it, and every page then loaded the group. A group takes the modules its own modules import with it:
// @mantine/dates, grouped, took most of @mantine/core into a chunk the entry loaded, so it is left to the
// automatic split (and a group told not to take its imports breaks the order modules start in).
/**
 * The contracts whose schemas need zod types no first page uses (numbers, unions, ISO date-times): they
 * validate with a copy of zod of their own, loaded with the campaign pages (build/isolated-zod.ts).
 */
const ISOLATED_ZOD_IMPORTERS =
  /[\\/]packages[\\/]shared[\\/]src[\\/](?:contracts[\\/](?:campaign(?:-assets|-validation|-funding)?|entry|handle-verification|metrics|report(?:-share)?|view-validation)|contracts[\\/](?:payment|tax-verification)|rules[\\/]payout-details)\.ts$/;

const chartModules = nodeModule(
  '@mantine/charts',
  'recharts',
  'd3-[a-z-]+',
  'victory-vendor',
  'es-toolkit',
  'decimal.js-light',
  'eventemitter3',
  'immer',
  'reselect',
  'redux',
  'redux-thunk',
  '@reduxjs/toolkit',
  'react-redux',
  'use-sync-external-store',
);

const vendorChunks = [
  // The chart library and what only it uses (Mantine's colour swatch is in its tooltip and legend), and
  // nothing else: taking the modules they import along would take React and Mantine's components too, and
  // every page would fetch them from this chunk. Whatever it imports at start must come from chunks that
  // do not import it back, or it starts before them.
  {
    name: 'vendor-charts',
    test: (id: string) =>
      chartModules.test(id) || /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ColorSwatch[\\/]/.test(id),
    priority: 40,
    includeDependenciesRecursively: false,
  },
  {
    name: 'vendor-react',
    test: nodeModule('react', 'react-dom', 'scheduler', 'react-router', 'cookie'),
    priority: 30,
  },
  { name: 'vendor-query', test: nodeModule('@tanstack/query-core', '@tanstack/react-query'), priority: 30 },
  // The web app validates with zod/mini only: full zod's API needs nearly all of zod's core, which every
  // form page would then download (the contracts the web imports are written with zod/mini).
  // The campaign contracts' own copy of zod (build/isolated-zod.ts) stays with the campaign pages.
  {
    name: 'vendor-zod',
    test: (id: string) => isZodModule(id) && !isIsolatedZodModule(id),
    priority: 30,
  },
  {
    name: 'vendor-mantine',
    test: nodeModule('@mantine/core', '@mantine/hooks', '@mantine/store', 'clsx'),
    tags: ['$initial' as const],
    priority: 20,
  },
  // Mantine's small helpers that its inputs share, likewise in one chunk rather than four slivers.
  {
    name: 'vendor-mantine-input-helpers',
    test: /node_modules[\\/]@mantine[\\/](hooks[\\/]esm[\\/](use-id|use-uncontrolled)[\\/]|core[\\/]esm[\\/]core[\\/](utils[\\/]random-id|styles-api[\\/]use-resolved-styles-api)[\\/])/,
    priority: 19,
    includeDependenciesRecursively: false,
  },
  // The shared package's small modules that every form page uses (messages, the email and password rules,
  // the schema helpers) in one chunk rather than slivers each compressed on its own: the first pages keep
  // under their budget (ADR 009).
  {
    name: 'shared-rules',
    test: /packages[\\/]shared[\\/]src[\\/](contracts[\\/](build-schema|lists)|rules[\\/](control-characters|messages|email|password))\.ts$/,
    priority: 15,
    includeDependenciesRecursively: false,
  },
  // The app's own code that the entry needs before any page (the API client, the paths, the error panel)
  // stays with the entry. Left to the automatic split, the parts the pages also import become a dozen
  // slivers that every page fetches one by one, each compressed on its own: about 2 KB gz more per page.
  { name: 'app', tags: ['$initial' as const], priority: 10 },
];

export default defineConfig({
  // Brotli and gzip copies of every text file over 1 KB, served by the server as they are (no compressing
  // per request); source maps are not compressed.
  plugins: [
    react(),
    isolatedZod(ISOLATED_ZOD_IMPORTERS),
    mantineComponentStyles(),
    compression({ threshold: 1024, algorithms: ['brotliCompress', 'gzip'] }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': API_ORIGIN,
      '/server-api': API_ORIGIN,
      '/docs': API_ORIGIN,
      '/healthz': API_ORIGIN,
    },
  },
  preview: {
    proxy: {
      '/api': API_ORIGIN,
      '/server-api': API_ORIGIN,
      '/docs': API_ORIGIN,
      '/healthz': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/web-budget.mjs to tell what each page loads first.
    manifest: true,
    // Every browser the app supports preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorChunks },
        // The entry lists every page's chunks, to preload them on navigation: the hash alone names a
        // chunk there, so each page's list costs the entry as little as it can (the manifest keeps names).
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
});
