// Lighthouse's mobile preset (a mid-range phone on a slow 4G connection, simulated) against the built app
// served by `npm start`, in Debian's Chromium: the sign-in and sign-up pages, and a signed-in creator's
// home. Each page is measured LIGHTHOUSE_RUNS times (3 by default) and the median run is reported, as
// Lighthouse advises, since one run varies with the machine's load. Prints each page's performance score
// with LCP, TBT and CLS, and what it transferred; the median reports go to bench/results/. Fails when a
// page scores under LIGHTHOUSE_MIN_SCORE (90 by default).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/browser';
import { freePort } from '../e2e/support/server';
import { currentTermsId } from './current-terms';

const MIN_SCORE = Number(process.env.LIGHTHOUSE_MIN_SCORE ?? 90);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(root, 'bench/results');

/** `npm start` itself (it builds what is stale, then serves the production build) on a fresh data dir. */
async function startPlatform(): Promise<{ url: string; stop: () => Promise<void>; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'platform-lighthouse-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('npm start exited before the server was ready');
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function signedInToken(url: string): Promise<string> {
  const form = (path: string, body: Record<string, string>) =>
    fetch(`${url}${path}`, { method: 'POST', body: new URLSearchParams(body) });
  const credentials = { username: 'lighthouse.creator@example.com', password: 'Lighthouse-Harbour-73!' };
  await form('/api/auth/sign-up', { ...credentials, tncVersion: await currentTermsId(url) });
  const signIn = (await (await form('/api/auth/sign-in', credentials)).json()) as { id_token?: string };
  if (!signIn.id_token) throw new Error('could not sign in the creator for the home page');
  return signIn.id_token;
}

type Scored = {
  page: string;
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  kilobytes: number;
};

const platform = await startPlatform();
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
const results: Scored[] = [];
try {
  await mkdir(resultsDir, { recursive: true });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const token = await signedInToken(platform.url);
  const pages = [
    { page: '/sign-in', signedIn: false },
    { page: '/sign-up', signedIn: false },
    { page: '/ (creator home)', path: '/', signedIn: true },
  ];
  for (const { page, path, signedIn } of pages) {
    const runs: Result[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const tab = await browser.newPage();
      if (signedIn) {
        // The app keeps its token in the tab's session storage, which Lighthouse's reset of the origin's
        // storage and cache before it measures leaves in place.
        await tab.goto(`${platform.url}/not-a-page`);
        await tab.evaluate((idToken) => sessionStorage.setItem('id_token', idToken), token);
      }
      const result = await lighthouse(
        `${platform.url}${path ?? page}`,
        { logLevel: 'error', onlyCategories: ['performance'] },
        undefined,
        tab,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      runs.push(result.lhr);
      await tab.close();
    }
    // Lighthouse declares this helper against its own global types; its results are `Result`s.
    const lhr = (computeMedianRun as (results: Result[]) => Result)(runs);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    results.push({
      page,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      fcp: metric('first-contentful-paint'),
      kilobytes: metric('total-byte-weight') / 1024,
    });
    const fileName = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    await writeFile(join(resultsDir, `lighthouse-${fileName}.json`), JSON.stringify(lhr, null, 2));
  }
  await browser.disconnect();
} finally {
  chrome.kill();
  await platform.stop();
}

console.log(`\n== Lighthouse, mobile preset, against npm start (median of ${RUNS} runs)`);
for (const { page, score, lcp, tbt, cls, fcp, kilobytes } of results) {
  console.log(
    `  ${score >= MIN_SCORE ? '✓' : '✗'} ${page.padEnd(18)} score ${String(score).padStart(3)}  ` +
      `LCP ${(lcp / 1000).toFixed(1)} s  TBT ${tbt.toFixed(0)} ms  CLS ${cls.toFixed(3)}  ` +
      `FCP ${(fcp / 1000).toFixed(1)} s  transferred ${kilobytes.toFixed(0)} KB`,
  );
}
const failing = results.filter(({ score }) => score < MIN_SCORE);
if (failing.length > 0) {
  console.error(`\nUnder ${MIN_SCORE}: ${failing.map(({ page }) => page).join(', ')}`);
  process.exit(1);
}
