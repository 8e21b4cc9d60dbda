/**
 * The React example app (examples/react-app) as a partner builds it: @chairside/embed and
 * @chairside/react packed with `npm pack` from dist/packages (built by `npm run build`), installed
 * from those tarballs in the example's folder, type-checked with tsc and built with Vite into
 * dist/public/examples/react-app. A package that would not pack, install or type-check fails here.
 * The sandbox serves the built app (as a partner's page on an allowed origin); it signs in through
 * the SDK, and shows what the
 * patient search's and the payment plan's events said. It prints the bundle's size and how much of
 * it is ours (the loader): the widgets themselves load from the sandbox.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { build, type Rolldown } from 'vite';
import { baseURL } from '../../playwright.config.js';
import { signIn as tokensFor } from '../support/oidc.js';
import { watchConsoleErrors } from './support/consoleErrors.js';
import { patientSearch } from './support/patientSearch.js';
import { signIn } from './support/signIn.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const example = path.join(root, 'examples', 'react-app');
const APP = '/examples/react-app/';

/** Packs both packages, installs the tarballs in the example, type-checks and builds it: its folder. */
async function buildExample(): Promise<{ dir: string; output: Rolldown.OutputChunk[] }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-react-app-'));
  const packages = ['embed', 'react'].map((name) => path.join(root, 'dist', 'packages', name));
  for (const dir of packages) expect(fs.existsSync(dir), `${dir}: run npm run build first`).toBe(true);
  const npm = (args: string[], cwd: string) =>
    execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', tmp, ...packages], root)) as {
    filename: string;
  }[];
  // Only the tarballs: React, Vite and TypeScript resolve from the repository's node_modules (their
  // peer dependencies are not installed again, and nothing is fetched).
  fs.rmSync(path.join(example, 'node_modules'), { recursive: true, force: true });
  npm(
    [
      'install',
      '--no-save',
      '--no-package-lock',
      '--offline',
      '--legacy-peer-deps',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      ...packed.map((p) => path.join(tmp, p.filename)),
    ],
    example,
  );
  fs.rmSync(tmp, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', example],
    {
      encoding: 'utf8',
    },
  );
  // Where the sandbox serves the examples (dist/public), so the sign-in's redirect comes back to it.
  const dir = path.join(root, 'dist', 'public', 'examples', 'react-app');
  const result = await build({
    configFile: path.join(example, 'vite.config.ts'),
    root: example,
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true, reportCompressedSize: false },
  });
  const outputs = (Array.isArray(result) ? result : [result as Rolldown.RolldownOutput]).flatMap(
    (o) => o.output,
  );
  return { dir, output: outputs.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk') };
}

/** The bundle's JavaScript (minified, and gzipped), and what each of our packages put in it. */
function bundleFigures(output: Rolldown.OutputChunk[]) {
  const gzip = (text: string) => zlib.gzipSync(text, { level: 9 }).length;
  const total = output.reduce((sum, chunk) => sum + chunk.code.length, 0);
  const modules = output.flatMap((chunk) => Object.entries(chunk.modules));
  const of = (name: string) =>
    modules
      .filter(([id]) => id.includes(`${path.sep}@chairside${path.sep}${name}${path.sep}`))
      .reduce((sum, [, module]) => sum + module.renderedLength, 0);
  const gzipped = output.reduce((sum, chunk) => sum + gzip(chunk.code), 0);
  return { total, embed: of('embed'), react: of('react'), gzipped };
}

test.describe.configure({ mode: 'serial' });

let app: { dir: string; output: Rolldown.OutputChunk[] };
test.beforeAll(async () => {
  test.setTimeout(120_000);
  const t0 = performance.now();
  app = await buildExample();
  const { total, embed, react, gzipped } = bundleFigures(app.output);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const ours = embed + react;
  console.log(
    `[react-app] packed, installed, type-checked and built in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
      `bundle ${kib(total)} (${kib(gzipped)} gzipped): the partner's code with React ${kib(total - ours)}, ` +
      `@chairside/embed ${kib(embed)}, @chairside/react ${kib(react)} (minified)`,
  );
  // The packages add the loader and the wrappers, not the widgets (those load from the sandbox).
  expect(ours).toBeLessThan(8 * 1024);
});

test('the React example signs in, searches a patient and shows a payment plan, from the packed packages', async ({
  page,
}) => {
  const errors = watchConsoleErrors(page);
  await page.goto(APP);
  await signIn(page, 'frontdesk@chairside.test');
  await expect(page.getByText('Signed in as')).toBeVisible();

  const search = patientSearch(page);
  await search.search('okafor');
  await search.option(/Chidi Okafor/).click();
  await expect(page.getByRole('status', { name: 'Selected patient' })).toHaveText(
    /^Selected Chidi Okafor \(#\d+\)$/,
  );

  const { access_token } = await tokensFor(baseURL, 'frontdesk@chairside.test');
  const res = await fetch(`${baseURL}/api/paymentPlan/list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({}),
  });
  const plans = ((await res.json()) as { value: { paymentPlans: { id: number }[] } }).value.paymentPlans;
  const planId = plans[0]!.id;
  await page.goto(`${APP}?plan=${planId}`);
  const modal = page.getByRole('dialog', { name: /^Payment Plan for / });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).first().click();
  // The page the dialog hid from screen readers while it was open is theirs again once it closed.
  await expect(page.getByRole('status', { name: 'Plan event' })).toHaveText(`Plan ${planId} closed.`);
  await expect(page.getByRole('status', { name: 'Selected patient' })).toBeVisible();
  // (Piercing the widgets' shadow roots; tabster's focus guards are hidden by design.)
  await expect(page.locator('[aria-hidden="true"]:not(svg):not([data-tabster-dummy])')).toHaveCount(0);
  expect(errors).toEqual([]);
});
