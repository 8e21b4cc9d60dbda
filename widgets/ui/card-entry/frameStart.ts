/**
 * Starting the card provider's frame in an element: its script loaded (cardProvider.ts), the frame
 * mounted with the theme's look, and what it says (ready, a nonce, a refusal) kept until someone
 * listens. useCardEntryFrame starts one itself; a page the server rendered starts the frames its
 * markup declares (the element's data-card-frame, written by useCardEntryFrame) before the page's own
 * code has loaded (portal/patient/start.ts), and the hook then takes that frame over instead of
 * mounting another: the frame loads first, not after the page's code.
 */
import { loadCardProvider, type CardEntry, type CardEntryEventData } from './cardProvider.js';

/** What the frame is mounted with: the caller's options, which the markup declares as they are. */
export interface FrameSpec {
  scriptUrl: string;
  businessId: string;
  applicationId: string;
  height: number;
  displayZip: boolean;
  title?: string;
}

export interface FrameListener {
  ready(): void;
  nonce(data: CardEntryEventData['nonce']): void;
  error(data: CardEntryEventData['error']): void;
}

export interface StartedFrame {
  frame: CardEntry;
  /** The frame said it is ready. */
  ready: boolean;
  /** The frame did not start, and why (an error before 'ready'). */
  failure: string | null;
  /** Hears what the frame says from now on (one listener: the one that took the frame). */
  listen(listener: FrameListener | null): void;
}

/** Theme variables → the frame's style options. */
const STYLE_FROM_THEME: Record<string, string> = {
  color: '--colorNeutralForeground1',
  labelColor: '--colorNeutralForeground2',
  backgroundColor: '--colorNeutralBackground1',
  borderColor: '--colorNeutralStroke1',
  focusColor: '--colorCompoundBrandStroke',
  errorColor: '--colorPaletteRedForeground1',
  borderRadius: '--borderRadiusMedium',
  fontSize: '--fontSizeBase300',
};

/** Only plain family names go to the frame: it refuses a list with anything else in it. */
function plainFontFamilies(families: string): string | undefined {
  const plain = families
    .split(',')
    .map((f) => f.trim())
    .filter((f) => /^(['"]?)[A-Za-z0-9 -]+\1$/.test(f));
  return plain.length > 0 ? plain.join(', ') : undefined;
}

/** The frame takes the theme's look from the CSS variables on its element (light or dark). */
function frameStyle(element: HTMLElement): Record<string, string> {
  const computed = getComputedStyle(element);
  const style: Record<string, string> = {};
  for (const [option, variable] of Object.entries(STYLE_FROM_THEME)) {
    const value = computed.getPropertyValue(variable).trim();
    if (value) style[option] = value;
  }
  const fontFamily = plainFontFamilies(computed.getPropertyValue('--fontFamilyBase'));
  if (fontFamily) style.fontFamily = fontFamily;
  return style;
}

/** Mounts the provider's frame into `element` (which needs an id: the provider looks it up by id). */
export async function startFrame(element: HTMLElement, spec: FrameSpec): Promise<StartedFrame> {
  const TokenizeJs = await loadCardProvider(spec.scriptUrl);
  const frame = new TokenizeJs(spec.businessId, spec.applicationId);
  let listener: FrameListener | null = null;
  const started: StartedFrame = {
    frame,
    ready: false,
    failure: null,
    listen: (next) => (listener = next),
  };
  frame.on('ready', () => {
    started.ready = true;
    listener?.ready();
  });
  frame.on('nonce', ({ data }) => listener?.nonce(data));
  frame.on('error', ({ data }) => {
    if (!started.ready) started.failure = data.error;
    listener?.error(data);
  });
  frame.mount(element.id, element.getRootNode() as Document | ShadowRoot, {
    iFrame: { width: '100%', height: spec.height, border: '0' },
    style: frameStyle(element),
    displayZip: spec.displayZip,
    ...(spec.title ? { title: spec.title } : {}),
  });
  return started;
}

/** The attribute a frame's element declares its frame in, for a page that starts it early. */
export const FRAME_ATTRIBUTE = 'data-card-frame';

export const declareFrame = (spec: FrameSpec): string => JSON.stringify(spec);

/** Frames started before their page's code, by element id, with the declaration they started from. */
const early = new Map<string, { declared: string; started: Promise<StartedFrame> }>();

/**
 * Starts the frame of every element in `root` that declares one (a server-rendered page, at once);
 * settles once each has been mounted, or has failed to.
 */
export function startDeclaredFrames(root: ParentNode = document): Promise<void> {
  const starting: Promise<unknown>[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(`[${FRAME_ATTRIBUTE}]`)) {
    const declared = element.getAttribute(FRAME_ATTRIBUTE)!;
    if (!element.id || early.has(element.id)) continue;
    let spec: FrameSpec;
    try {
      spec = JSON.parse(declared) as FrameSpec;
    } catch {
      continue; // the page's own code mounts it
    }
    const started = startFrame(element, spec);
    // A frame that fails to start here is the hook's to report when it takes it over.
    started.catch(() => undefined);
    early.set(element.id, { declared, started });
    starting.push(started.catch(() => undefined));
  }
  return Promise.all(starting).then(() => undefined);
}

/** The frame started early in `element` for exactly this declaration, once; null when there is none. */
export function takeStartedFrame(element: HTMLElement, spec: FrameSpec): Promise<StartedFrame> | null {
  const entry = early.get(element.id);
  if (!entry) return null;
  early.delete(element.id);
  if (entry.declared === declareFrame(spec)) return entry.started;
  // Declared otherwise than the page now asks: that frame goes, and the hook mounts its own.
  void entry.started.then((s) => s.frame.unmount()).catch(() => undefined);
  return null;
}
