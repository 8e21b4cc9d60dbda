/**
 * A first view's style sheet carries the theme's values, not its variables: its elements then
 * inherit no custom properties. What cannot be written in (a variable with a fallback, or one the
 * markup's inline styles use) stays declared on :host, so every var() still has its value.
 */
import { describe, expect, it } from 'vitest';
import { firstViewStyleText, themeDeclarations } from './theme.js';

const none = () => false;

describe('firstViewStyleText', () => {
  it("writes the theme's values in place of its variables, the reset's included", () => {
    const light = firstViewStyleText('light', '.a{color:var(--colorNeutralForeground1)}', none);
    expect(light).toContain('.a{color:#242424}');
    expect(light).toContain("font-family: 'Segoe UI', 'Segoe UI Web (West European)'");
    expect(light).not.toMatch(/var\(--/);
    expect(light).not.toContain(':host{--');
    expect(firstViewStyleText('dark', '.a{color:var(--colorNeutralForeground1)}', none)).toContain(
      '.a{color:#ffffff}',
    );
  });

  it('declares on :host what stays a variable: a form with a fallback, and what the markup uses', () => {
    const css = firstViewStyleText(
      'light',
      '.b{color:var(--colorNeutralForeground2, red)}.c{margin:var(--fui-Button__icon--spacing)}',
      (name) => name === 'spacingHorizontalS',
    );
    expect(css).toContain('.b{color:var(--colorNeutralForeground2, red)}');
    expect(css).toMatch(/:host\{[^}]*--colorNeutralForeground2: #424242;/);
    expect(css).toMatch(/:host\{[^}]*--spacingHorizontalS: 8px;/);
    // Not a theme token: left as it is, and not declared.
    expect(css).toContain('.c{margin:var(--fui-Button__icon--spacing)}');
    expect(css).not.toContain('--fui-Button__icon--spacing:');
  });
});

describe('themeDeclarations', () => {
  it('declares every token that has a value in the theme, and only those asked for', () => {
    const all = themeDeclarations('light');
    expect(all).toContain('--colorNeutralForeground1: #242424;');
    expect(all).not.toContain('--zIndexPopup'); // no value in the theme
    expect(themeDeclarations('dark', (name) => name === 'colorNeutralForeground1')).toBe(
      '--colorNeutralForeground1: #ffffff;',
    );
  });
});
