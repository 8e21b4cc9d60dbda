/** GET /api/configuration: public settings for widgets and the portal. */
import * as contract from '../../../embed-sdk/contract/config.js';
import { PROFILE_PATH } from '../../identity/accountRoutes.js';
import { PORTAL_CLIENT_ID } from '../../identity/provider.js';
import { VERSION } from '../../version.js';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../route.js';

/** The OpenID provider the portal and widgets sign in with. */
export function signInAuthority(ctx: Pick<AppContext, 'config' | 'publicUrl'>) {
  return ctx.config.oidcAuthority ?? `${ctx.publicUrl}/oidc`;
}

export const configRoutes = [
  defineRoute(contract.configuration, { access: 'public' }, async ({ ctx }) => ({
    authority: signInAuthority(ctx),
    clientId: ctx.config.oidcAuthority ? ctx.config.oidcClientId : PORTAL_CLIENT_ID,
    ...(ctx.config.oidcAuthority ? {} : { profileUrl: `${ctx.publicUrl}${PROFILE_PATH}` }),
    termsUrl: `${ctx.publicUrl}/#/terms-of-service`,
    hubUrl: `${ctx.publicUrl}/hubs/payments`,
    cardProviderScriptUrl: ctx.cardProviderScriptUrl,
    liveChat: ctx.config.liveChatProvider,
    version: VERSION,
    now: ctx.clock.now().toISOString(),
  })),
];
