/** The SDK's chunk for `Chairside.sdk()` (the loader imports it on first call). */
export { pageSdk as default } from './page.js';
