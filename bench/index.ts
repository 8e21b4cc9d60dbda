/**
 * `npm run bench [-- section…]`: prints the figures the issues budget. Nothing here is a pass/fail
 * test; compare ratios within one run, since these machines are noisy.
 * Sections: server (API latency, cold start and where its time goes), bundle (issue 3's size budgets, and issue 32's for the modal widgets), widget (time to the
 * first search results against a no-framework page, and the same widget in an iframe), search (patient search on 100,000 patients),
 * transactions (the transactions list and its CSV export on 1,000,000 transactions, PGlite and
 * PostgreSQL), allocation (the allocation modal with 400 procedures: opening, and a mode change),
 * insurance (the Reimbursements list with 20,000 reimbursements on PostgreSQL),
 * admin (the admin area's lists with 5,000 practices and 50,000 users on PostgreSQL),
 * details (opening a reimbursement of 40 patients against Transaction Details, Chromium; `--runs=N`),
 * cluster (one instance against three on PostgreSQL, and PGlite, under load, with the CPU each used),
 * public (issue 31: the patients' link pages on a phone, to the heading and the card fields;
 * `--runs=N`, and `--before=DIR` to compare with another checkout's build),
 * bulkRequests (issue 36: a bulk send of 1,000 payment requests on PGlite, and the patient search during it),
 * reports (issue 37: every report on 1,000,000 transactions, PostgreSQL and PGlite, and their plans; `--runs=N`),
 * patientPages (issue 39: the patient's pages against their budgets, Lighthouse's mobile preset; `--runs=N`,
 * `--before=DIR`; Lighthouse from LIGHTHOUSE_MODULE until it is a devDependency).
 */
import os from 'node:os';
import { benchAllocation } from './allocation.js';
import { benchBulkRequests } from './bulkRequests.js';
import { benchBundle } from './bundle.js';
import { benchCluster } from './cluster.js';
import { benchDetails } from './details.js';
import { benchAdmin } from './admin.js';
import { benchInsurance } from './insurance.js';
import { benchPatientPages } from './patientPages.js';
import { benchPublic } from './public.js';
import { benchReports } from './reports.js';
import { benchSearch } from './search.js';
import { benchServer } from './server.js';
import { benchTransactions } from './transactions.js';
import { benchWidget } from './widget.js';

const sections: Record<string, () => Promise<void>> = {
  server: benchServer,
  bundle: benchBundle,
  widget: benchWidget,
  search: benchSearch,
  transactions: benchTransactions,
  allocation: benchAllocation,
  insurance: benchInsurance,
  admin: benchAdmin,
  details: benchDetails,
  cluster: benchCluster,
  public: benchPublic,
  bulkRequests: benchBulkRequests,
  reports: benchReports,
  patientPages: benchPatientPages,
};

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !(a in sections));
if (unknown.length) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Known: ${Object.keys(sections).join(', ')}.`);
  process.exit(1);
}
// The load says how noisy the figures may be (other work on the machine slows the browser most).
const [load1] = os.loadavg();
console.log(
  `# Chairside bench (${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} CPUs, load ${load1!.toFixed(1)})`,
);
for (const name of asked.length ? asked : Object.keys(sections)) await sections[name]!();
