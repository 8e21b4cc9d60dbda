/**
 * Issue 31's enrolment page on a phone: screenshots at 390×844 (full page), light and dark, before
 * and after enrolling, into .cache/shots/enrolment-phone-{build}-{theme}-{before|after}.png. With
 * `--before=DIR` the same for another checkout's build (as `npm run bench public` takes it), to see
 * what that build showed. Each shot's page must log no console error.
 *
 *   npx tsx scripts/build.ts && npx tsx bench/enrolmentShots.ts [--before=/tmp/enrol-before]
 */
import fs from 'node:fs';
import path from 'node:path';
import { copyTemplate, ensureTemplate } from '../tests/support/template-db.js';
import { launchChromium } from './lib/browser.js';
import { root, startChildServer } from '../tests/support/childServer.js';
import { makeLinks } from './public.js';

const SHOTS = path.join(root, '.cache', 'shots');
const beforeDir = process.argv.find((a) => a.startsWith('--before='))?.slice('--before='.length);
const builds: [string, string][] = [
  ...(beforeDir ? [['main', path.resolve(beforeDir)] as [string, string]] : []),
  ['this', root],
];

fs.mkdirSync(SHOTS, { recursive: true });
await ensureTemplate();
const browser = await launchChromium();
try {
  for (const [name, dir] of builds) {
    const server = await startChildServer(copyTemplate(), {}, [], { run: 'build', root: dir });
    try {
      for (const [i, theme] of (['light', 'dark'] as const).entries()) {
        const links = await makeLinks(server, {
          firstName: 'Paloma',
          lastName: `Phone${theme}`,
          cell: `512555904${i}`,
        });
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          colorScheme: theme,
        });
        await context.addInitScript(`localStorage.setItem('chairside.portal.theme', '${theme}')`);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        const shot = async (step: string) => {
          await page.mouse.move(0, 0);
          await page.screenshot({
            path: path.join(SHOTS, `enrolment-phone-${name}-${theme}-${step}.png`),
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
          });
        };
        await page.goto(links.enrolment);
        await page.getByRole('heading', { name: 'Hi Paloma,' }).waitFor();
        const frame = page.frameLocator('iframe[title="Card details"]');
        // A cross-origin frame out of view is not painted: bring it into view for the full-page shot.
        await page.locator('iframe[title="Card details"]').scrollIntoViewIfNeeded();
        await frame.getByLabel('Card number').waitFor();
        await shot('before');
        await frame.getByLabel('Card number').pressSequentially('4111111111111111');
        await frame.getByLabel('Expiration').pressSequentially('1230');
        await frame.getByLabel('Security code').pressSequentially('123');
        await frame.getByLabel('ZIP code').pressSequentially('90210');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('textbox', { name: /Signature/ }).fill('Paloma Phone');
        await page.getByRole('button', { name: 'Sign and Enroll' }).click();
        await page.getByText('You are enrolled.').waitFor();
        await shot('after');
        const intro = await page.getByText(/membership for you/).textContent();
        console.log(`${name} ${theme}: after enrolling, the introduction reads: ${intro}`);
        if (errors.length) console.log(`${name} ${theme}: console errors:\n${errors.join('\n')}`);
        await context.close();
      }
    } finally {
      await server.stop();
    }
  }
} finally {
  await browser.close();
}
console.log(`Shots in ${path.relative(root, SHOTS)}/enrolment-phone-*.png`);
