/**
 * A widget's server-rendered first view, and the hand-over to the widget's own React tree.
 *
 * The loader asks the server for the first view the moment the element appears (with a
 * host-supplied token) and shows it while the widget's code downloads: the same components, rendered
 * by the server with the caller's data (widgets/firstViews.ts). The widget then renders off-screen,
 * in a container not yet in the shadow root, and takes the first view's place once it shows at
 * least as much (the widget says so with useFirstViewSettled). What the person did meanwhile carries
 * over: text typed into a field, the focus (with the caret) and the last click.
 *
 * Hand-written: React's hydration would need the first client render to equal the server's, which a
 * widget whose data arrives asynchronously (SDK start, SWR) cannot promise, and no library replays
 * input into a second tree.
 */
import { useEffect, type ReactNode } from 'react';
import type { EarlyView } from './element.js';
import { useWidgetHost } from './WidgetHostContext.js';

/** The longest a first view stays if the widget never reports that it caught up (a safety net). */
export const FIRST_VIEW_MAX_MS = 10_000;

/** What a click may mean in a first view: the element that would have handled it. */
const CLICKABLE = 'button, a, input, textarea, select, [role="option"], [role="button"], [tabindex]';

/** The rendered widget inside a first view (the same element as the widget's container). */
function contentOf(view: Element): Element {
  return view.querySelector('.chairside-root') ?? view;
}

/** Where `node` sits under `root`, as tag names and child indexes; null when it is not under it. */
function pathTo(root: Element, node: Element): Array<[number, string]> | null {
  const path: Array<[number, string]> = [];
  let current: Element = node;
  while (current !== root) {
    const parent: Element | null = current.parentElement;
    if (!parent) return null;
    path.unshift([Array.prototype.indexOf.call(parent.children, current), current.tagName]);
    current = parent;
  }
  return path;
}

/** The element at `path` under `root`, when the tree there has the same shape. */
function follow(root: Element, path: Array<[number, string]>): HTMLElement | null {
  let current: Element | undefined = root;
  for (const [index, tag] of path) {
    current = current?.children[index];
    if (!current || current.tagName !== tag) return null;
  }
  return current as HTMLElement;
}

/** Sets a field's value the way typing does, so React's onChange sees it. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Replaces a first view (in a shadow root) with the widget's container, carrying over what the
 * person did meanwhile: typed text, the focus with its caret, and the last click.
 */
export function handOver(view: EarlyView, container: HTMLElement) {
  const content = contentOf(view.element);
  const root = view.element.getRootNode() as ShadowRoot | Document;
  const active = root.activeElement && content.contains(root.activeElement) ? root.activeElement : null;
  const focus = active ? pathTo(content, active) : null;
  const caret =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
      ? [active.selectionStart, active.selectionEnd]
      : null;
  const typed = [...content.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ path: pathTo(content, field), value: field.value }));
  const clicked = view.lastClick()?.closest(CLICKABLE);
  const click = clicked && content.contains(clicked) ? pathTo(content, clicked) : null;

  view.element.replaceWith(container);

  for (const { path, value } of typed) {
    const field = path && follow(container, path);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) typeInto(field, value);
  }
  const focusTarget = focus && follow(container, focus);
  if (focusTarget) {
    focusTarget.focus({ preventScroll: true });
    if (caret && (focusTarget instanceof HTMLInputElement || focusTarget instanceof HTMLTextAreaElement)) {
      focusTarget.setSelectionRange(caret[0] ?? null, caret[1] ?? null);
    }
  }
  const clickTarget = click && follow(container, click);
  clickTarget?.click();
}

/**
 * A widget with a first view calls this with `true` once it shows at least what the server rendered
 * (its data has arrived); the element then swaps its first view for the widget. Outside an element,
 * or without a first view, it does nothing.
 */
export function useFirstViewSettled(settled: boolean) {
  const { settled: report } = useWidgetHost();
  useEffect(() => {
    if (settled) report?.();
  }, [settled, report]);
}

/** Content that is not the widget (an explanation): it replaces any first view at once. */
export function Settled({ children }: { children: ReactNode }): ReactNode {
  useFirstViewSettled(true);
  return children;
}
