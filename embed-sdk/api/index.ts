export { createApiClient, type ApiClient, type ApiClientOptions } from './client.js';
export { bindEndpoints, type BoundEndpoint, type BoundResource } from './bind.js';
export { ApiError, isApiError } from './errors.js';
export type { ApiFailure, ApiResult, ApiSuccess, CallArgs, CallOptions, RequestOptions } from './types.js';
