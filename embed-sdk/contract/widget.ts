/**
 * A widget's first view, rendered by the server: the loader asks for it the moment an element
 * appears and shows it until the element's own code has loaded and caught up (see
 * widgets/runtime/firstView.ts). The markup comes from the widget's own components.
 */
import { z } from 'zod';
import { post } from './endpoint.js';

export const FIRST_VIEW_PATH = '/api/widget/firstView';

export const firstView = post(FIRST_VIEW_PATH, {
  writes: 'nothing',
  summary:
    'The first view of a widget for its attributes, as HTML with its styles (404 when the widget has none for them).',
  // The element's attributes come by their own names (term, clinic-num…), beside the tag and theme.
  query: z.looseObject({
    tag: z.string().regex(/^chairside-[a-z-]+$/, 'must be a chairside-… tag'),
    theme: z.enum(['light', 'dark']).optional(),
  }),
  // The access token may come form-encoded in the body (RFC 6750 §2.2) instead of the Authorization
  // header: such a POST is a "simple" cross-origin request, without a CORS preflight's round trip
  // before the widget's first paint.
  body: z.object({ access_token: z.string().min(1).max(8192).optional() }),
  binary: true,
});

/** What the server gives the front end's first-view renderer for one request. */
export interface FirstViewRequest {
  tag: string;
  /** The element's attributes (kebab-case names), as the element has them. */
  attributes: Record<string, string | undefined>;
  theme: 'light' | 'dark';
  /** The caller's access token: the renderer's API calls are the caller's own. */
  token: string;
  /** The API's base URL as the renderer's calls should name it. */
  apiBaseUrl: string;
  /** Serves the renderer's API calls (the server answers them itself, without a network hop). */
  fetch: typeof fetch;
}

/** The front end's server-side renderer (built into dist/ssr), as the server loads it. */
export interface FirstViewRenderer {
  /** The widget's first view as an HTML fragment, or null when the widget has none for these attributes. */
  renderFirstView(request: FirstViewRequest): Promise<string | null>;
}
