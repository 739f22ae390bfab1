// Lighthouse (mobile, the default) on the production build served by the real server: the home
// page, the shop and a product page. By default beside a baseline (BASELINE_REF, a git ref; by
// default the commit before the change, see baseline-checkout.ts) built and served in the same
// run, the two measured in turns, A B A B, so that the machine's noise falls on both alike (issue
// 19); BASELINE_REF=none measures the working tree alone, beside the storefront issue's targets.
// Lighthouse slows the CPU 4x to stand for a mid-range phone; on a slower host it says so and
// prints its benchmark index, and LIGHTHOUSE_CPU_SLOWDOWN sets the multiplier its throttling guide
// (docs/throttling.md) gives for it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  buildShopWebApp,
  checkOutBaseline,
  defaultBaselineRef,
  describeCommit,
  hasUncommittedChanges,
  root,
  type BaselineCheckout,
} from './baseline-checkout.ts';
import { startBuiltShop } from './spawn-shop.ts';

const baselineSetting = process.env.BASELINE_REF;
const withBaseline = baselineSetting !== 'none';
/** The working tree's shop; the baseline's listens on the next port. */
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4491);
// Five runs at least for a comparison (issue 19); the working tree alone keeps its former three.
const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS ?? (withBaseline ? 5 : 3));
const cpuSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN;
if (!Number.isInteger(runsPerPage) || runsPerPage < 1)
  throw new Error(`LIGHTHOUSE_RUNS must be a whole number of 1 or more, not ${process.env.LIGHTHOUSE_RUNS}`);

interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Main-thread time evaluating, parsing and compiling scripts, whichever script it was. */
  scriptMs: number;
  /** The scripts the page fetched while Lighthouse loaded it. */
  scriptUrls: string[];
  benchmarkIndex: number;
  warnings: string[];
}

interface LighthouseReport {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
  environment: { benchmarkIndex: number };
  runWarnings: string[];
}

function lighthouse(url: string, outputDir: string): Promise<LighthouseRun> {
  const output = join(outputDir, `lh-${Math.random().toString(36).slice(2)}.json`);
  return new Promise((resolve, reject) => {
    const run = spawn(
      process.execPath,
      [
        join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    run.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}`));
      const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
      const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
      const items = (audit: string) => report.audits[audit]?.details?.items ?? [];
      // The breakdown by kind of work, not bootup-time: bootup-time leaves out every script under
      // 50 ms, so a page split into many small scripts would look as if it ran none.
      const scriptMs = items('mainthread-work-breakdown')
        .filter((item) => item.group === 'scriptEvaluation' || item.group === 'scriptParseCompile')
        .reduce((total, item) => total + (typeof item.duration === 'number' ? item.duration : 0), 0);
      const scriptUrls = items('network-requests')
        .filter((item) => item.resourceType === 'Script' && typeof item.url === 'string')
        .map((item) => String(item.url));
      resolve({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcp: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbt: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
        cls: report.audits['cumulative-layout-shift']?.numericValue ?? 0,
        scriptMs: Math.round(scriptMs),
        scriptUrls,
        benchmarkIndex: report.environment.benchmarkIndex,
        warnings: report.runWarnings,
      });
    });
  });
}

/** Lighthouse now and then fails to record a load (NO_NAVSTART, a runtime error it says to run again for). */
async function lighthouseRetried(url: string, outputDir: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouse(url, outputDir);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`(run ${attempt} failed, trying again: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

const gzipBytesByUrl = new Map<string, number>();

/** gzip size of the scripts a run fetched: what a first visit loads, lazily loaded parts included. */
async function firstVisitJavaScriptKb(run: LighthouseRun): Promise<number> {
  let total = 0;
  for (const url of new Set(run.scriptUrls)) {
    let bytes = gzipBytesByUrl.get(url);
    if (bytes === undefined) {
      bytes = gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
      gzipBytesByUrl.set(url, bytes);
    }
    total += bytes;
  }
  return total / 1024;
}

type MeasuredRun = LighthouseRun & { javaScriptKb: number };

interface Shop {
  origin: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Home, the shop and the shop's first product, as paths of `origin`. */
async function pagesOf(origin: string): Promise<[name: string, path: string][]> {
  const listing = (await (await fetch(`${origin}/api/shop/`)).json()) as { results: { products: { id: number }[] } };
  return [
    ['home', '/'],
    ['shop', '/shop'],
    ['product', `/product/${listing.results.products[0]?.id ?? 1}`],
  ];
}

async function measure(shop: Shop, path: string): Promise<MeasuredRun> {
  const run = await lighthouseRetried(shop.origin + path, shop.dataDir);
  return { ...run, javaScriptKb: await firstVisitJavaScriptKb(run) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function printWarnings(runs: LighthouseRun[]) {
  for (const warning of new Set(runs.flatMap((run) => run.warnings))) console.log(`Lighthouse warned: ${warning}`);
}

function benchmarkIndexLine(runs: LighthouseRun[]): string {
  const indexes = runs.map((run) => run.benchmarkIndex);
  return `median ${Math.round(median(indexes))} (${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))})`;
}

const throttling = cpuSlowdown ? `CPU slowed ${cpuSlowdown}x (LIGHTHOUSE_CPU_SLOWDOWN)` : 'CPU slowed 4x (the default)';

/** The working tree alone, as this bench printed it before it had a baseline. */
async function measureAlone(shop: Shop) {
  console.log(
    `Lighthouse, mobile, production build, ${throttling}, median of ${runsPerPage} runs (targets: performance ≥ 95, accessibility 100)`,
  );
  console.log('page              perf (range)  a11y  best  seo    LCP ms  TBT ms  CLS');
  const allRuns: MeasuredRun[] = [];
  let homeJavaScriptKb = 0;
  for (const [name, path] of await pagesOf(shop.origin)) {
    const runs: MeasuredRun[] = [];
    for (let run = 0; run < runsPerPage; run += 1) runs.push(await measure(shop, path));
    allRuns.push(...runs);
    // The run with the median performance score: on a small machine one run swings by several points.
    runs.sort((a, b) => a.performance - b.performance);
    const result = runs[Math.floor(runs.length / 2)] ?? runs[0];
    if (!result) throw new Error('no Lighthouse run');
    const range = `(${runs[0]?.performance}-${runs.at(-1)?.performance})`;
    console.log(
      `${name.padEnd(16)} ${String(result.performance).padStart(5)} ${range.padStart(8)} ${String(result.accessibility).padStart(5)} ${String(result.bestPractices).padStart(5)} ${String(result.seo).padStart(4)} ${String(result.lcp).padStart(9)} ${String(result.tbt).padStart(7)}  ${result.cls.toFixed(3)}`,
    );
    if (name === 'home') homeJavaScriptKb = median(runs.map((entry) => entry.javaScriptKb));
  }
  console.log(`This machine's Lighthouse benchmark index: ${benchmarkIndexLine(allRuns)}; Lighthouse expects 1000 or more for its 4x`);
  printWarnings(allRuns);
  console.log(`JavaScript the home page loads on a first visit: ${homeJavaScriptKb.toFixed(1)} KB gzip (target ≤ 120 KB)`);
}

const figures: { label: string; of(run: MeasuredRun): number; format(value: number): string }[] = [
  { label: 'performance', of: (run) => run.performance, format: (value) => String(value) },
  { label: 'TBT ms', of: (run) => run.tbt, format: (value) => String(Math.round(value)) },
  { label: 'script ms', of: (run) => run.scriptMs, format: (value) => String(Math.round(value)) },
  { label: 'LCP ms', of: (run) => run.lcp, format: (value) => String(Math.round(value)) },
  { label: 'CLS', of: (run) => run.cls, format: (value) => value.toFixed(3) },
  { label: 'accessibility', of: (run) => run.accessibility, format: (value) => String(value) },
  { label: 'JS first visit KB', of: (run) => run.javaScriptKb, format: (value) => value.toFixed(1) },
  { label: 'benchmark index', of: (run) => run.benchmarkIndex, format: (value) => String(Math.round(value)) },
];

/** "median (lowest-highest)" of one figure over one side's runs. */
function spread(runs: MeasuredRun[], figure: (typeof figures)[number]): string {
  const values = runs.map(figure.of);
  return `${figure.format(median(values))} (${figure.format(Math.min(...values))}-${figure.format(Math.max(...values))})`;
}

function ratio(before: number, after: number): string {
  return before === 0 ? (after === 0 ? '=' : '–') : (after / before).toFixed(2);
}

/** A seeded generator (mulberry32), so the same runs always give the same interval. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The 90% bootstrap interval of new/old's medians: how far the runs' own spread lets the ratio move.
 * A ratio whose interval holds 1 is a difference these runs cannot tell from noise (issue 19: noise
 * must not decide); an interval wholly above or below 1 is a difference they can.
 */
function ratioInterval(before: number[], after: number[]): string {
  if (median(before) === 0) return '';
  const random = seededRandom(19);
  const resampledMedian = (values: number[]) => median(values.map(() => values[Math.floor(random() * values.length)] ?? 0));
  const ratios: number[] = [];
  for (let draw = 0; draw < 2000; draw += 1) {
    const old = resampledMedian(before);
    if (old !== 0) ratios.push(resampledMedian(after) / old);
  }
  ratios.sort((a, b) => a - b);
  const at = (share: number) => ratios[Math.min(ratios.length - 1, Math.floor(share * ratios.length))] ?? 0;
  return `${at(0.05).toFixed(2)}-${at(0.95).toFixed(2)}`;
}

/** The baseline (A, old) and the working tree (B, new) in turns, page by page. */
async function measureBoth(old: Shop, now: Shop) {
  const oldPages = await pagesOf(old.origin);
  const allRuns: { old: MeasuredRun[]; now: MeasuredRun[] } = { old: [], now: [] };
  const table: string[] = [];
  for (const [index, [name, path]] of (await pagesOf(now.origin)).entries()) {
    const oldPath = oldPages[index]?.[1] ?? path;
    const runs: { old: MeasuredRun[]; now: MeasuredRun[] } = { old: [], now: [] };
    for (let run = 0; run < runsPerPage; run += 1) {
      runs.old.push(await measure(old, oldPath));
      runs.now.push(await measure(now, path));
    }
    allRuns.old.push(...runs.old);
    allRuns.now.push(...runs.now);
    table.push(`${name}${oldPath === path ? '' : ` (old: ${oldPath}, new: ${path})`}`);
    for (const figure of figures) {
      const before = median(runs.old.map(figure.of));
      const after = median(runs.now.map(figure.of));
      const interval = ratioInterval(runs.old.map(figure.of), runs.now.map(figure.of));
      table.push(
        `  ${figure.label.padEnd(18)} ${spread(runs.old, figure).padStart(20)} ${spread(runs.now, figure).padStart(20)} ${ratio(before, after).padStart(8)} ${interval.padStart(10)}`,
      );
    }
  }
  console.log(
    `${'page / figure'.padEnd(20)} ${'old: median (range)'.padStart(20)} ${'new: median (range)'.padStart(20)} ${'new/old'.padStart(8)} ${'90% range'.padStart(10)}`,
  );
  for (const line of table) console.log(line);
  console.log(
    `Lighthouse benchmark index of this machine over every run: old ${benchmarkIndexLine(allRuns.old)}, new ${benchmarkIndexLine(allRuns.now)}; Lighthouse expects 1000 or more for its 4x`,
  );
  printWarnings([...allRuns.old, ...allRuns.now]);
}

const shops: Shop[] = [];
let baseline: BaselineCheckout | undefined;
const cleanUp = async () => {
  await Promise.all(shops.map((shop) => shop.stop()));
  baseline?.remove();
};
// A full comparison runs for many minutes; one stopped with Ctrl-C still ends its shops and removes the checkout.
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

try {
  if (!withBaseline) {
    const shop = await startBuiltShop(port, 'lighthouse');
    shops.push(shop);
    await measureAlone(shop);
  } else {
    const chosen = baselineSetting ? { ref: baselineSetting, reason: `BASELINE_REF=${baselineSetting}` } : defaultBaselineRef();
    const { commit, label } = describeCommit(chosen.ref);
    console.log(`Lighthouse, mobile, production builds, ${throttling}; old and new in turns (A B A B), median of ${runsPerPage} runs each`);
    console.log(`old (A): ${label} (${chosen.reason}), built from git in this run`);
    console.log(
      `new (B): the working tree at ${describeCommit('HEAD').label}${hasUncommittedChanges() ? ', with uncommitted changes' : ''}`,
    );
    console.log(
      'script ms: main-thread time evaluating, parsing and compiling scripts (mainthread-work-breakdown, slowed as Lighthouse simulates)',
    );
    console.log('JS first visit KB: gzip of every script the page fetched while Lighthouse loaded it');
    console.log(
      "90% range: new/old's medians over runs drawn again from each side's own (bootstrap); a range holding 1.00 is within the noise of these runs",
    );
    buildShopWebApp(root);
    baseline = checkOutBaseline(commit, 'lighthouse-baseline');
    buildShopWebApp(baseline.dir);
    const now = await startBuiltShop(port, 'lighthouse');
    shops.push(now);
    const old = await startBuiltShop(port + 1, 'lighthouse-baseline', baseline.dir);
    shops.push(old);
    await measureBoth(old, now);
  }
} finally {
  await cleanUp();
}
