/**
 * A widget's first view: the front end's renderer, run for the caller with the caller's own data
 * (its API calls go through the same routes, so the practice and role checks are theirs).
 */
import { widget as contract } from '../../../embed-sdk/contract/index.js';
import { bearerToken } from '../caller.js';
import { NotFoundError } from '../../errors.js';
import { injectFetch } from '../firstViews.js';
import { defineRoute } from '../route.js';

export const widgetRoutes = [
  defineRoute(contract.firstView, { access: 'member' }, async ({ ctx, query, req, reply }) => {
    const started = performance.now();
    const renderer = await ctx.firstViews();
    if (!renderer) throw new NotFoundError('The first-view renderer (run the build)');
    const { tag, theme, ...rest } = query;
    const attributes = Object.fromEntries(
      Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    // The wall time of the renderer's API calls (they overlap), for Server-Timing.
    const inject = injectFetch(req.server);
    let dataFrom = Infinity;
    let dataTo = 0;
    const fetch: typeof inject = async (input, init) => {
      dataFrom = Math.min(dataFrom, performance.now());
      try {
        return await inject(input, init);
      } finally {
        dataTo = performance.now();
      }
    };
    const html = await renderer.renderFirstView({
      tag,
      theme: theme ?? 'light',
      attributes,
      token: bearerToken(req)!,
      apiBaseUrl: ctx.publicUrl,
      fetch,
    });
    if (html === null) throw new NotFoundError(`A first view of <${tag}> for these attributes`);
    // The caller's own data: never stored by a cache. How long it took shows in the browser's
    // resource timing (the widget bench reports it).
    reply.header('cache-control', 'private, no-store');
    const data = dataTo > dataFrom ? `, data;dur=${(dataTo - dataFrom).toFixed(1)}` : '';
    reply.header('server-timing', `render;dur=${(performance.now() - started).toFixed(1)}${data}`);
    reply.header('timing-allow-origin', '*');
    return { raw: Buffer.from(html), contentType: 'text/html; charset=utf-8' };
  }),
];
