/**
 * Issue 3's bundle budgets, measured on the built front end (dist/public) by following the static
 * imports of its ES modules, and cross-checked in Chromium by what the intranet example page really
 * downloads. Sizes are what the server sends to a browser that accepts gzip (the .gz beside each
 * file; small files go uncompressed); kB = 1000 bytes.
 *
 * "The first widget" is what a page in OIDC mode fetches before <chairside-patient-search> can
 * search: embed.js, the widget's chunk and everything it imports statically, the OIDC chunk the
 * SDK imports in auth mode 'oidc', and (on the page that comes back from sign-in) the SDK entry the
 * loader imports to complete the sign-in. Chunks that load later on demand (the add/edit form when
 * someone starts working with the search, realtime) are listed but not counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { FIRST_WIDGET, widgetDefinitions } from '../widgets/definitions.js';
import { launchChromium } from './lib/browser.js';
import { ensureFrontEnd, loaderChunkFiles, readBuiltFile, staticClosure } from './lib/frontEnd.js';
import { startChildServer, tempDataDir } from './lib/server.js';
import { table } from './lib/stats.js';
import { KB, kB, verdict } from './lib/units.js';

const BUDGET = { loader: 5 * KB, firstWidget: 170 * KB, secondWidget: 30 * KB };
const FIRST = FIRST_WIDGET;
const OIDC_CHUNK = /\/oidc-[^/]+\.js$/;

interface Counted {
  file: string;
  why: string;
}

/** The files of the first widget in OIDC mode, each with the reason the page fetches it. */
function firstWidgetFiles(chunks: Record<string, string>): { counted: Counted[]; later: string[] } {
  const entry = chunks[FIRST];
  const sdkEntry = chunks.sdk;
  if (!entry || !sdkEntry) throw new Error(`embed.js does not name the chunks of ${FIRST} and the SDK.`);
  const counted: Counted[] = [{ file: 'embed.js', why: 'the loader (script tag)' }];
  const add = (files: string[], why: (file: string) => string) => {
    for (const file of files)
      if (!counted.some((c) => c.file === file)) counted.push({ file, why: why(file) });
  };
  const importer = (file: string) => {
    const parent = counted.find((c) => readBuiltFile(c.file).staticImports.includes(file));
    return parent ? `imported by ${path.posix.basename(parent.file)}` : 'imported statically';
  };
  add(staticClosure([entry]), (file) => (file === entry ? `<${FIRST}> (when it appears)` : importer(file)));
  const dynamic = [...new Set(counted.flatMap((c) => readBuiltFile(c.file).dynamicImports))];
  const oidc = dynamic.filter((file) => OIDC_CHUNK.test(file));
  if (oidc.length !== 1) throw new Error(`Expected one OIDC chunk among ${dynamic.join(', ')}.`);
  add(staticClosure(oidc), (file) =>
    file === oidc[0] ? "auth mode 'oidc' (the SDK imports it)" : importer(file),
  );
  add(staticClosure([sdkEntry]), (file) =>
    file === sdkEntry ? 'Chairside.sdk() (completing a sign-in)' : importer(file),
  );
  const later = [...new Set(counted.flatMap((c) => readBuiltFile(c.file).dynamicImports))].filter(
    (file) => !counted.some((c) => c.file === file),
  );
  return { counted, later };
}

const sum = (files: string[]) => files.reduce((total, file) => total + readBuiltFile(file).gzip, 0);

interface Download {
  url: string;
  encoding: string;
  bytes: number;
}

/** Every script response of the page, with the body bytes as transferred (still encoded). */
function recordScripts(page: Page, into: Download[], when: () => boolean) {
  page.on('response', (response: Response) => {
    if (!when() || response.request().resourceType() !== 'script') return;
    void response
      .request()
      .sizes()
      .then((sizes) =>
        into.push({
          url: new URL(response.url()).pathname,
          encoding: response.headers()['content-encoding'] ?? 'none',
          bytes: sizes.responseBodySize,
        }),
      );
  });
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search patients' });

/**
 * Loads examples/intranet/ signed in, with an empty HTTP cache and gzip as the only accepted
 * encoding, until the widget is ready to search and the network is quiet: once as the page that
 * comes back from the sign-in page, once as a later visit with the session already stored.
 */
async function downloadsInChromium(browser: Browser, url: string) {
  const headers = { 'accept-encoding': 'gzip' };
  const intranet = `${url}/examples/intranet/`;
  const returning: Download[] = [];
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let back = false;
  page.on('request', (request) => {
    if (
      request.isNavigationRequest() &&
      request.url().startsWith(intranet) &&
      request.url().includes('code=')
    )
      back = true;
  });
  recordScripts(page, returning, () => back);
  await page.goto(intranet);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill('frontdesk@chairside.test');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await searchBox(page).waitFor();
  await page.waitForLoadState('networkidle');

  const revisit: Download[] = [];
  const again = await browser.newContext({
    extraHTTPHeaders: headers,
    storageState: await context.storageState(),
  });
  const second = await again.newPage();
  recordScripts(second, revisit, () => true);
  await second.goto(intranet);
  await searchBox(second).waitFor();
  await second.waitForLoadState('networkidle');
  await Promise.all([context.close(), again.close()]);
  return { returning, revisit };
}

export async function benchBundle() {
  ensureFrontEnd();
  const chunks = loaderChunkFiles();
  const loader = readBuiltFile('embed.js');

  console.log('\n## Bundle: embed.js (gzip as served, kB = 1000 bytes)\n');
  console.log(
    table(
      ['file', 'raw', 'gzip', 'budget', ''],
      [['embed.js', kB(loader.raw), kB(loader.gzip), kB(BUDGET.loader), verdict(loader.gzip, BUDGET.loader)]],
      'lrrrl',
    ),
  );

  console.log(`\n## Bundle: the first <${FIRST}>, OIDC mode, from the build's import graph\n`);
  const { counted, later } = firstWidgetFiles(chunks);
  const total = sum(counted.map((c) => c.file));
  console.log(
    table(
      ['file', 'why the page fetches it', 'raw', 'gzip'],
      [
        ...counted.map((c) => {
          const f = readBuiltFile(c.file);
          return [c.file, c.why, kB(f.raw), kB(f.gzip)];
        }),
        ['total', '', kB(counted.reduce((t, c) => t + readBuiltFile(c.file).raw, 0)), kB(total)],
      ],
      'llrr',
    ),
  );
  console.log(
    `\nfirst widget: ${kB(total)} of ${kB(BUDGET.firstWidget)}  ${verdict(total, BUDGET.firstWidget)}`,
  );
  console.log('\nLoaded later, on demand (not counted):');
  for (const file of later) {
    const closure = staticClosure([file]).filter((f) => !counted.some((c) => c.file === f));
    const more = closure.length > 1 ? ` (with the ${closure.length - 1} chunks it imports)` : '';
    console.log(`  ${file}  +${kB(sum(closure))}${more}`);
  }

  console.log('\n## Bundle: a second widget type on the same page\n');
  const others = widgetDefinitions.filter((d) => d.tag !== FIRST);
  if (others.length === 0) {
    console.log(
      `Cannot be measured yet: widgets/definitions.ts defines one widget type (${FIRST}). ` +
        `Budget when a second exists: at most ${kB(BUDGET.secondWidget)} beyond the first widget.`,
    );
  } else {
    const first = new Set(counted.map((c) => c.file));
    console.log(
      table(
        ['widget', 'chunks added', 'gzip added', 'budget', ''],
        others.map((d) => {
          const entry = chunks[d.tag];
          if (!entry) throw new Error(`embed.js has no chunk for ${d.tag}: rebuild.`);
          const added = staticClosure([entry]).filter((f) => !first.has(f));
          const bytes = sum(added);
          return [
            d.tag,
            added.length,
            kB(bytes),
            kB(BUDGET.secondWidget),
            verdict(bytes, BUDGET.secondWidget),
          ];
        }),
        'lrrrl',
      ),
    );
  }

  console.log('\n## Bundle: cross-check in Chromium (examples/intranet/, signed in, empty cache, gzip)\n');
  const dataDir = tempDataDir('bundle');
  const server = await startChildServer(dataDir);
  const browser = await launchChromium();
  try {
    const { returning, revisit } = await downloadsInChromium(browser, server.url);
    const bytes = (list: Download[]) => list.reduce((t, d) => t + d.bytes, 0);
    const files = [...new Set([...returning, ...revisit].map((d) => d.url))];
    const cell = (list: Download[], url: string) => {
      const d = list.find((x) => x.url === url);
      return d ? `${kB(d.bytes)} ${d.encoding}` : '-';
    };
    console.log(
      table(
        ['script', 'back from sign-in', 'signed-in visit'],
        [
          ...files.map((url) => [url, cell(returning, url), cell(revisit, url)]),
          ['total', kB(bytes(returning)), kB(bytes(revisit))],
        ],
        'lrr',
      ),
    );
    const check = (name: string, list: Download[]) =>
      console.log(
        `${name}: ${kB(bytes(list))} in Chromium vs ${kB(total)} from the import graph  ${verdict(bytes(list), BUDGET.firstWidget)}`,
      );
    check('back from sign-in', returning);
    check('signed-in visit  ', revisit);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}
