/**
 * The embed SDK's public face: `init`, `getSdk`, the event map and the pieces widgets build on.
 * No React here. The contract, format and validation are imported from their own folders.
 */
export { getSdk, init, type Sdk } from './sdk.js';
export {
  InitOptionsError,
  type ChairsideConfig,
  type GetToken,
  type InitOptionsInput as InitOptions,
  type ThemeName,
} from './config.js';
export {
  domEventName,
  type BannerDetail,
  type BannerIntent,
  type ChairsideEventMap,
  type EventBus,
  type EventName,
  type PatientSavedDetail,
  type PatientSelectedDetail,
  type SdkEventMap,
  type Unsubscribe,
  type WidgetEventMap,
} from './events.js';
export {
  messagesBanner,
  validationErrorsBanner,
  UNEXPECTED_SERVER_ERROR,
  VALIDATION_ERRORS_TITLE,
} from './banner.js';
export {
  ApiError,
  bindEndpoints,
  isApiError,
  type ApiClient,
  type ApiFailure,
  type ApiResult,
  type ApiSuccess,
  type BoundResource,
  type CallOptions,
  type RequestOptions,
} from './api/index.js';
export type { Auth, PracticeClaim, UserProfile } from './auth/types.js';
export type { Realtime, RealtimeState } from './realtime/index.js';
