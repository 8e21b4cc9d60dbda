// @ts-check
// The card-entry script a host page loads from the provider's origin, in the shape of the real
// provider's collect script: `new TokenizeJs(businessId, applicationId)` with mount, unmount,
// getNonce and on('ready' | 'nonce' | 'error' | 'iframe_height_change'). The card fields live in an
// iframe on the provider's origin; this script only relays messages, and only with that origin.
(function () {
  'use strict';

  // The provider writes its own origin here when it serves the script.
  const PROVIDER_ORIGIN = '__PROVIDER_ORIGIN__';
  const NAMESPACE = 'chairside-test-provider';
  const EVENTS = ['ready', 'nonce', 'error', 'iframe_height_change'];
  const DEFAULT_HEIGHT = 155;
  const LOAD_TIMEOUT_MS = 3000;

  /**
   * @typedef {{ type: string, data: Record<string, unknown> }} TokenizeEvent
   * @typedef {(event: TokenizeEvent) => void} Handler
   * @typedef {{
   *   iFrame?: { width?: string | number, height?: string | number, border?: string, borderRadius?: string | number },
   *   style?: Record<string, string>,
   *   displayZip?: boolean,
   *   zipMode?: 'required' | 'optional',
   *   locale?: string,
   *   mountElement?: HTMLElement,
   *   title?: string,
   * }} MountOptions
   */

  /** @param {string | number | undefined} value */
  const cssLength = (value) => (typeof value === 'number' ? `${value}px` : value);

  /**
   * @param {string} businessId
   * @param {string} applicationId
   */
  function TokenizeJs(businessId, applicationId) {
    if (typeof businessId !== 'string' || businessId === '') {
      throw new TypeError(`TokenizeJs: businessId must be a non-empty string, got ${typeof businessId}.`);
    }
    if (typeof applicationId !== 'string' || applicationId === '') {
      throw new TypeError(
        `TokenizeJs: applicationId must be a non-empty string, got ${typeof applicationId}.`,
      );
    }

    /** @type {Record<string, Handler[]>} */
    const handlers = { ready: [], nonce: [], error: [], iframe_height_change: [] };
    /** @type {HTMLIFrameElement | null} */
    let iframe = null;
    /** @type {Window | null} */
    let hostWindow = null;
    let ready = false;
    let followsHeight = false;
    /** @type {unknown[]} getNonce calls made before the frame was ready */
    let queued = [];

    /**
     * @param {string} type
     * @param {Record<string, unknown>} data
     */
    function emit(type, data) {
      for (const handler of (handlers[type] ?? []).slice()) {
        try {
          handler({ type, data });
        } catch (error) {
          // One host handler's bug must not stop the others; the error still reaches the console.
          setTimeout(() => {
            throw error;
          });
        }
      }
    }

    /** @param {unknown} payload */
    function send(payload) {
      const zip =
        payload &&
        typeof payload === 'object' &&
        typeof (/** @type {{zip?: unknown}} */ (payload).zip) === 'string'
          ? /** @type {{zip: string}} */ (payload).zip
          : undefined;
      iframe?.contentWindow?.postMessage(
        { source: NAMESPACE, type: 'getNonce', data: { payload: zip === undefined ? {} : { zip } } },
        PROVIDER_ORIGIN,
      );
    }

    /** @param {MessageEvent} event */
    function onMessage(event) {
      if (!iframe || event.origin !== PROVIDER_ORIGIN || event.source !== iframe.contentWindow) return;
      const message = event.data;
      if (!message || typeof message !== 'object' || message.source !== NAMESPACE) return;
      const data = message.data && typeof message.data === 'object' ? message.data : {};
      switch (message.type) {
        case 'ready': {
          ready = true;
          emit('ready', {});
          const pending = queued;
          queued = [];
          pending.forEach(send);
          break;
        }
        case 'height': {
          const height = Number(data.height);
          if (!Number.isFinite(height) || height <= 0 || height > 2000) return;
          if (followsHeight) iframe.style.height = `${height}px`;
          emit('iframe_height_change', { height });
          break;
        }
        case 'nonce':
          if (typeof data.nonce === 'string') emit('nonce', { nonce: data.nonce });
          break;
        case 'error':
          emit('error', {
            error: String(data.error ?? 'The card details are not valid.'),
            ...(Array.isArray(data.fields) ? { fields: data.fields } : {}),
          });
          break;
        default:
      }
    }

    /**
     * @param {string} elementId
     * @param {Document | ShadowRoot} [root] where to find the element; a shadow root works too
     * @param {MountOptions} [options]
     */
    function mount(elementId, root, options) {
      const opts = options ?? {};
      const lookIn = root ?? document;
      const container =
        opts.mountElement ??
        (typeof lookIn.getElementById === 'function' ? lookIn.getElementById(elementId) : null);
      if (!container || typeof container.appendChild !== 'function') {
        throw new Error(
          `TokenizeJs.mount: no element with id "${elementId}" in the given document. Inside a shadow root, pass the shadow root as the second argument or the element as options.mountElement.`,
        );
      }
      const ownerDocument = container.ownerDocument;
      const view = ownerDocument.defaultView ?? window;
      const parentOrigin = view.location.origin;
      if (!/^https?:\/\//.test(parentOrigin)) {
        throw new Error(
          `TokenizeJs.mount: the page must be served over http or https (its origin is ${parentOrigin}).`,
        );
      }
      unmount();

      const url = new URL('/frame', PROVIDER_ORIGIN);
      url.searchParams.set('businessId', businessId);
      url.searchParams.set('applicationId', applicationId);
      url.searchParams.set('parent', parentOrigin);
      url.searchParams.set('zip', opts.displayZip ? '1' : '0');
      if (opts.zipMode) url.searchParams.set('zipMode', opts.zipMode);
      if (opts.locale) url.searchParams.set('locale', opts.locale);
      if (opts.style && typeof opts.style === 'object')
        url.searchParams.set('style', JSON.stringify(opts.style));

      const frameOptions = opts.iFrame ?? {};
      followsHeight = frameOptions.height === undefined || frameOptions.height === 'auto';
      const frame = ownerDocument.createElement('iframe');
      frame.src = url.toString();
      frame.title = opts.title ?? 'Card details';
      frame.setAttribute('scrolling', 'no');
      frame.style.display = 'block';
      frame.style.width = cssLength(frameOptions.width) ?? '100%';
      frame.style.height = followsHeight ? `${DEFAULT_HEIGHT}px` : (cssLength(frameOptions.height) ?? '');
      frame.style.border = frameOptions.border ?? '0';
      frame.style.borderRadius = cssLength(frameOptions.borderRadius) ?? '0';
      // The frame's page declares no color scheme, so it is light. 'normal' here would take the host
      // page's (a `<meta name="color-scheme" content="light dark">` makes it dark in a dark theme),
      // and a frame whose scheme differs from its element's is painted on an opaque white backdrop:
      // the host's dark field colours on white. Light on both sides keeps the frame see-through.
      frame.style.colorScheme = 'light';

      // A frame the provider refused (this page's origin is not allowed, bad settings) never says
      // 'ready'; tell the host instead of leaving it waiting for ever.
      frame.addEventListener('load', () => {
        setTimeout(() => {
          if (iframe === frame && !ready) {
            emit('error', {
              error: `The card form did not start. Check that ${parentOrigin} may embed the card provider and that the business and application ids are right.`,
            });
          }
        }, LOAD_TIMEOUT_MS);
      });

      iframe = frame;
      hostWindow = view;
      view.addEventListener('message', onMessage);
      container.appendChild(frame);
    }

    function unmount() {
      hostWindow?.removeEventListener('message', onMessage);
      iframe?.remove();
      iframe = null;
      hostWindow = null;
      ready = false;
      queued = [];
    }

    /** Asks the frame to submit its fields; the answer comes as the 'nonce' or the 'error' event. */
    function getNonce(/** @type {unknown} */ payload) {
      if (!iframe) {
        emit('error', { error: 'TokenizeJs.getNonce: mount the card form first.' });
        return;
      }
      if (ready) send(payload);
      else queued.push(payload);
    }

    /**
     * @param {string} eventName
     * @param {Handler} handler
     * @returns {() => void} removes the handler
     */
    function on(eventName, handler) {
      const list = handlers[eventName];
      if (!list) {
        throw new Error(`TokenizeJs.on: unknown event "${eventName}"; expected one of ${EVENTS.join(', ')}.`);
      }
      if (typeof handler !== 'function')
        throw new TypeError('TokenizeJs.on: the handler must be a function.');
      list.push(handler);
      return () => {
        const at = list.indexOf(handler);
        if (at >= 0) list.splice(at, 1);
      };
    }

    return { mount, unmount, getNonce, on };
  }

  // Works with and without `new`, as the real script does: the returned object is the instance.
  /** @type {Window & { TokenizeJs?: unknown }} */ (window).TokenizeJs = TokenizeJs;
})();
