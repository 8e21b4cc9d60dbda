/**
 * The admin area's calls: a platform administrator only (the `admin` access rule, checked before
 * each handler). Each change writes its audit entry in the transaction of the change.
 */
import * as contract from '../../../embed-sdk/contract/admin.js';
import * as connectors from '../../../embed-sdk/contract/connectors.js';
import * as queues from '../../../embed-sdk/contract/queues.js';
import * as anomalies from '../../../embed-sdk/contract/anomalies.js';
import * as overview from '../../../embed-sdk/contract/overview.js';
import * as announcements from '../../../embed-sdk/contract/announcements.js';
import * as moves from '../../../embed-sdk/contract/adminMoves.js';
import * as operations from '../../../embed-sdk/contract/adminOperations.js';
import * as wallets from '../../../embed-sdk/contract/wallets.js';
import { latestWalletRuns, listWallets, runWallets, walletRunProgress } from '../../admin/walletDomains.js';
import { importProgress, importTransactions, previewImport } from '../../admin/operations/import.js';
import { listUnrecordedApprovals, postApproval } from '../../admin/operations/postApproval.js';
import { moveRecord, previewMove } from '../../admin/operations/move.js';
import * as logs from '../../../embed-sdk/contract/logs.js';
import { rotateTunnelKey, tunnelKeyState } from '../../practice-system/tunnelKeys.js';
import {
  listAnnouncements,
  publishAnnouncementNow,
  withdrawAnnouncement,
} from '../../notifications/announcements.js';
import { platformOverview } from '../../admin/overview.js';
import { checkAnomaliesNow, listAnomalies, resolveAnomaly } from '../../admin/anomalies.js';
import { pauseQueue, queueItems, queueSummaries, retryBillingItem } from '../../admin/queues.js';
import { searchServerLog } from '../../admin/logs.js';
import { listAudit, type AuditActor } from '../../admin/audit.js';
import { createPractice } from '../../admin/companies/create.js';
import { saveProfile } from '../../admin/companies/profile.js';
import {
  gatewayOf,
  listGateways,
  saveGatewayAccount,
  testGatewayAccount,
} from '../../admin/gateways/store.js';
import { readPlatformSettings, savePlatformSettings } from '../../admin/platform/settings.js';
import { publishTerms, termsInForce } from '../../admin/platform/terms.js';
import { listPractices, practiceProfile } from '../../admin/companies/store.js';
import {
  invitePerson,
  listUsers,
  resendInvitation,
  setAccess,
  setDisabled,
  userProfile,
} from '../../admin/users/store.js';
import { NotFoundError } from '../../errors.js';
import {
  connectorLog,
  listConnectors,
  listRollouts,
  pingConnector,
  retryPracticePosting,
  upgradeConnectors,
} from '../../practice-system/connectors.js';
import type { Caller } from '../caller.js';
import { defineRoute, type RouteDef } from '../route.js';

/** The access rule of every admin call. */
export const admin = { access: 'admin' as const };

/** The administrator making a call, as the audit log records them. */
export function actorOf(caller: Caller): AuditActor {
  return { userId: caller.userId ?? 0, email: caller.email };
}

export const adminRoutes = [
  defineRoute(connectors.adminConnectors, admin, async ({ ctx, query }) =>
    listConnectors(ctx.db, query, ctx.clock.now()),
  ),

  defineRoute(connectors.pingConnector, admin, async ({ ctx, body }) => pingConnector(ctx, body.companyId)),

  defineRoute(connectors.connectorLog, admin, async ({ ctx, query }) => {
    const log = await connectorLog(ctx.db, query, ctx.clock.now());
    if (!log) throw new NotFoundError('The practice');
    return log;
  }),

  defineRoute(connectors.retryPosting, admin, async ({ ctx, caller, body }) =>
    retryPracticePosting(ctx, actorOf(caller), body.companyId, body.postingId),
  ),

  defineRoute(overview.adminOverview, admin, async ({ ctx }) => platformOverview(ctx)),

  defineRoute(connectors.connectorRollouts, admin, async ({ ctx, query }) => listRollouts(ctx, query.page)),

  defineRoute(connectors.upgradeConnectors, admin, async ({ ctx, caller, body }) =>
    upgradeConnectors(ctx, actorOf(caller), body),
  ),

  defineRoute(connectors.tunnelKey, admin, async ({ ctx, query }) => tunnelKeyState(ctx.db, query.companyId)),

  defineRoute(connectors.rotateTunnelKey, admin, async ({ ctx, caller, body }) =>
    rotateTunnelKey(ctx, actorOf(caller), body.companyId),
  ),

  defineRoute(announcements.adminAnnouncements, admin, async ({ ctx, query }) =>
    listAnnouncements(ctx.db, query),
  ),

  defineRoute(announcements.publishAnnouncement, admin, async ({ ctx, caller, body }) =>
    publishAnnouncementNow(ctx, actorOf(caller), body),
  ),

  defineRoute(announcements.withdrawAnnouncement, admin, async ({ ctx, caller, body }) =>
    withdrawAnnouncement(ctx, actorOf(caller), body.id),
  ),

  defineRoute(anomalies.adminAnomalies, admin, async ({ ctx, query }) => listAnomalies(ctx.db, query)),

  defineRoute(anomalies.resolveAnomaly, admin, async ({ ctx, caller, body }) =>
    resolveAnomaly(ctx, actorOf(caller), body),
  ),

  defineRoute(anomalies.runAnomalyChecks, admin, async ({ ctx }) => checkAnomaliesNow(ctx)),

  defineRoute(queues.adminQueues, admin, async ({ ctx }) => ({ queues: await queueSummaries(ctx) })),

  defineRoute(queues.queueItems, admin, async ({ ctx, query }) => queueItems(ctx, query)),

  defineRoute(queues.pauseQueue, admin, async ({ ctx, caller, body }) =>
    pauseQueue(ctx, actorOf(caller), body.queue, body.paused),
  ),

  // A plan's retry is keyed by the Idempotency-Key (Process Declines), a membership's by its row and
  // attempt: run again after its server stopped, it finds what the first run charged.
  defineRoute(
    queues.retryBilling,
    { ...admin, resumable: true },
    async ({ ctx, caller, body, idempotencyKey }) =>
      retryBillingItem(ctx, actorOf(caller), body, idempotencyKey),
  ),

  defineRoute(moves.previewMove, admin, async ({ ctx, body }) => previewMove(ctx, body)),

  defineRoute(moves.moveRecord, admin, async ({ ctx, caller, body }) =>
    moveRecord(ctx, actorOf(caller), body),
  ),

  defineRoute(operations.previewImport, admin, async ({ ctx, body }) => previewImport(ctx, body)),

  // An import cut off by a stopped server runs again under its key: rows written already are skipped.
  defineRoute(
    operations.importTransactions,
    { ...admin, resumable: true },
    async ({ ctx, caller, body, idempotencyKey }) =>
      importTransactions(ctx, actorOf(caller), body, idempotencyKey),
  ),

  defineRoute(operations.importProgress, admin, async ({ ctx, query }) =>
    importProgress(ctx.db, query.companyId, query.key),
  ),

  defineRoute(operations.unrecordedApprovals, admin, async ({ ctx, query }) => ({
    approvals: await listUnrecordedApprovals(ctx, query.companyId),
  })),

  defineRoute(operations.postApproval, admin, async ({ ctx, caller, body }) =>
    postApproval(ctx, actorOf(caller), body),
  ),
  defineRoute(logs.serverLog, admin, async ({ ctx, query }) => searchServerLog(ctx, query)),

  defineRoute(wallets.adminWallets, admin, async ({ ctx, query }) => listWallets(ctx, query)),

  // A run cut off by a stopped server runs again under its key, from the practice it had reached.
  defineRoute(
    wallets.startWalletRun,
    { ...admin, resumable: true },
    async ({ ctx, caller, body, idempotencyKey }) => runWallets(ctx, actorOf(caller), body, idempotencyKey),
  ),

  defineRoute(wallets.walletRunProgress, admin, async ({ ctx, query }) =>
    walletRunProgress(ctx.db, query.key),
  ),

  defineRoute(wallets.walletRuns, admin, async ({ ctx }) => ({ runs: await latestWalletRuns(ctx.db) })),

  defineRoute(contract.adminAudit, admin, async ({ ctx, query }) => {
    const { page, ...filter } = query;
    return listAudit(ctx.db, filter, page);
  }),

  defineRoute(contract.adminCompanies, admin, async ({ ctx, query }) =>
    listPractices(ctx.db, query, ctx.clock.now()),
  ),

  defineRoute(contract.adminCompany, admin, async ({ ctx, query }) => {
    const company = await practiceProfile(ctx.db, query.id, ctx.clock.now());
    if (!company) throw new NotFoundError('The practice');
    return company;
  }),

  defineRoute(contract.createCompany, admin, async ({ ctx, caller, body }) =>
    createPractice(ctx, actorOf(caller), body),
  ),

  defineRoute(contract.adminUsers, admin, async ({ ctx, query }) => listUsers(ctx.db, query)),

  defineRoute(contract.adminUser, admin, async ({ ctx, query }) => {
    const user = await userProfile(ctx.db, query.id, ctx.clock.now());
    if (!user) throw new NotFoundError('The user');
    return user;
  }),

  defineRoute(contract.inviteUser, admin, async ({ ctx, caller, body }) => ({
    userId: await invitePerson(ctx, actorOf(caller), body),
  })),

  defineRoute(contract.resendInvitation, admin, async ({ ctx, caller, body }) => {
    const user = await resendInvitation(ctx, actorOf(caller), body.id);
    return { invitationExpires: user.invitationExpires! };
  }),

  defineRoute(contract.setUserAccess, admin, async ({ ctx, caller, body }) =>
    setAccess(ctx, actorOf(caller), body),
  ),

  defineRoute(contract.setUserDisabled, admin, async ({ ctx, caller, body }) =>
    setDisabled(ctx, actorOf(caller), body),
  ),

  defineRoute(contract.adminPlatform, admin, async ({ ctx }) => {
    const [settings, terms] = await Promise.all([readPlatformSettings(ctx.db), termsInForce(ctx.db)]);
    return { settings, terms };
  }),

  defineRoute(contract.savePlatformSettings, admin, async ({ ctx, caller, body }) =>
    savePlatformSettings(ctx, actorOf(caller), body),
  ),

  defineRoute(contract.publishTerms, admin, async ({ ctx, caller, body }) =>
    publishTerms(ctx, actorOf(caller), body),
  ),

  defineRoute(contract.adminGateways, admin, async ({ ctx, query }) => listGateways(ctx.db, query)),

  defineRoute(contract.adminGateway, admin, async ({ ctx, query }) => {
    const gateway = await gatewayOf(ctx.db, query.companyId);
    if (!gateway) throw new NotFoundError('The practice');
    return gateway;
  }),

  defineRoute(contract.saveGateway, admin, async ({ ctx, caller, body }) =>
    saveGatewayAccount(ctx, actorOf(caller), body),
  ),

  defineRoute(contract.testGateway, admin, async ({ ctx, body }) => testGatewayAccount(ctx, body.companyId)),

  defineRoute(contract.saveCompanyProfile, admin, async ({ ctx, caller, body }) =>
    saveProfile(ctx, actorOf(caller), { ...body, membershipDays: Number(body.membershipDays) }),
  ),
] as unknown as RouteDef[];
