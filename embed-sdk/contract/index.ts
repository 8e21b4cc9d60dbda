/**
 * The whole API contract, per resource. The server registers every endpoint found here; the SDK
 * binds one typed function to each.
 */
export * from './endpoint.js';
export * from './common.js';
export * as auth from './auth.js';
export * as company from './company.js';
export * as notification from './notification.js';
export * as config from './config.js';
export * as sandbox from './sandbox.js';
export * as realtime from './realtime.js';
export * as patient from './patient.js';
