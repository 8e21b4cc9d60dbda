export type { Auth, PracticeClaim, UserProfile } from './types.js';
export { createOidcAuth, type OidcAuth, type OidcAuthHooks } from './oidc.js';
export { createTokenAuth, type TokenAuth } from './token.js';
export { IDENTITY_PROVIDER_WAIT, IdentityProviderUnavailableError } from './providerWait.js';
