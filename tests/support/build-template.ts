/**
 * Builds the tests' seeded database template (template-db.ts) when it is missing or out of date.
 * `npm test` runs it beside the lint and the type check, so that Vitest's global set-up, which
 * would otherwise build it on one core while every test waits, finds it made.
 */
import { ensureTemplate } from './template-db.js';

await ensureTemplate();
