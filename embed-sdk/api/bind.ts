/**
 * One typed function per endpoint, without writing each by hand: `bindEndpoints(api, company)` turns
 * a contract resource module (`import * as company from '…/contract/company.js'`) into
 * `{ clinics(options?) }`. A widget binds only the resources it imports, so the rest of the contract
 * stays out of its chunk.
 */
import type { Endpoint, ValueOf } from '../contract/endpoint.js';
import type { ApiClient } from './client.js';
import type { ApiResult, CallArgs } from './types.js';

export type BoundEndpoint<E extends Endpoint> = (
  ...args: CallArgs<E>
) => Promise<E['binary'] extends true ? Blob : ApiResult<ValueOf<E>>>;

/** The endpoints of a resource module (its schemas and types are left out). */
export type BoundResource<M> = {
  [K in keyof M as M[K] extends Endpoint ? K : never]: M[K] extends Endpoint ? BoundEndpoint<M[K]> : never;
};

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const { method, path } = value as Partial<Endpoint>;
  return (method === 'GET' || method === 'POST') && typeof path === 'string' && 'value' in value;
}

// Binding is cheap but hooks call it on every render: the same client and module give the same object.
const cache = new WeakMap<ApiClient, WeakMap<object, unknown>>();

export function bindEndpoints<M extends object>(api: ApiClient, resource: M): BoundResource<M> {
  let perClient = cache.get(api);
  if (!perClient) cache.set(api, (perClient = new WeakMap()));
  const cached = perClient.get(resource);
  if (cached) return cached as BoundResource<M>;

  const bound: Record<string, (...args: never[]) => Promise<unknown>> = {};
  for (const [name, value] of Object.entries(resource)) {
    if (!isEndpoint(value)) continue;
    bound[name] = value.binary
      ? (...args: CallArgs<typeof value>) => api.callBinary(value, ...args)
      : (...args: CallArgs<typeof value>) => api.call(value, ...args);
  }
  perClient.set(resource, bound);
  return bound as unknown as BoundResource<M>;
}
