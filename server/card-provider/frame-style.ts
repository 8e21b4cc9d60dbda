/**
 * The host's look for the frame (options.style), reduced to a few CSS custom properties whose values
 * must match strict patterns. The values are written into the frame's stylesheet, so anything that
 * could close the rule, load a resource (url(), @import) or reach another property is dropped.
 */

const COLOR = /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\)|[a-zA-Z]{3,20})$/;
const SIZE = /^\d{1,2}(\.\d{1,2})?(px|rem|em)$/;
// Quotes only in balanced pairs: an open string would swallow the declarations after it.
const FONT_FAMILY = /^(?:[A-Za-z0-9 ,-]|"[A-Za-z0-9 -]*"|'[A-Za-z0-9 -]*'){1,200}$/;

/** Host option → CSS custom property in frame.css, and the pattern its value must match. */
const STYLE_OPTIONS = {
  fontFamily: ['--font-family', FONT_FAMILY],
  fontSize: ['--font-size', SIZE],
  color: ['--text', COLOR],
  labelColor: ['--label', COLOR],
  backgroundColor: ['--field-background', COLOR],
  borderColor: ['--border', COLOR],
  focusColor: ['--focus', COLOR],
  errorColor: ['--error', COLOR],
  borderRadius: ['--radius', SIZE],
} as const satisfies Record<string, readonly [string, RegExp]>;

export type FrameStyleOption = keyof typeof STYLE_OPTIONS;

/** The accepted style options as CSS declarations ("--text: #242424"); the rest is ignored. */
export function frameStyleDeclarations(style: unknown): string[] {
  if (!style || typeof style !== 'object' || Array.isArray(style)) return [];
  const declarations: string[] = [];
  for (const [option, [property, pattern]] of Object.entries(STYLE_OPTIONS)) {
    const value = (style as Record<string, unknown>)[option];
    if (typeof value === 'string' && pattern.test(value.trim())) {
      declarations.push(`${property}: ${value.trim()}`);
    }
  }
  return declarations;
}

/** Parses the frame URL's `style` parameter (JSON); a broken one means no overrides. */
export function parseStyleParam(param: string | undefined): unknown {
  if (!param) return undefined;
  try {
    return JSON.parse(param);
  } catch {
    return undefined;
  }
}
