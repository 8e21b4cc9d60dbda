/** The build's check that no staff module reaches what a patient's page loads (patientEntry.ts). */
import { describe, expect, it } from 'vitest';
import { modulesLoaded, staffModulesIn, type BuiltChunk } from './patientEntry.js';

const chunk = (fileName: string, moduleIds: string[], more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  moduleIds,
  ...more,
});

describe("the patient's pages' bundle", () => {
  it('follows the entry and the three pages with their static imports, not other on-demand chunks', () => {
    const chunks = [
      chunk('index.js', ['portal/patient/main.tsx'], { isEntry: true, imports: ['react.js'] }),
      chunk('react.js', ['node_modules/react/index.js']),
      chunk('pay.js', ['portal/pages/PublicPaymentPage.tsx'], {
        facadeModuleId: '/repo/portal/pages/PublicPaymentPage.tsx',
        imports: ['quoted.js'],
      }),
      chunk('quoted.js', ['portal/components/publicLink/QuotedCard.tsx']),
      chunk('oops.js', ['portal/pages/OopsPage.tsx', 'node_modules/react-router/dist/index.mjs'], {
        facadeModuleId: '/repo/portal/pages/OopsPage.tsx',
      }),
    ];
    expect(modulesLoaded(chunks).sort()).toEqual([
      'node_modules/react/index.js',
      'portal/components/publicLink/QuotedCard.tsx',
      'portal/pages/PublicPaymentPage.tsx',
      'portal/patient/main.tsx',
    ]);
  });

  it('names the staff modules, whatever imported them', () => {
    expect(
      staffModulesIn([
        'portal/shell/BlankFrame.tsx',
        'portal/shell/banners/PortalBanners.tsx',
        'portal/shell/LoadingOverlay.tsx',
        'portal/shell/TopBar.tsx',
        'portal/shell/BlankLayout.tsx',
        'portal/session/SessionProvider.tsx',
        'portal/pages/PublicPaymentPage.tsx',
        'portal/pages/customer/CustomerPage.tsx',
        'portal/data/valueOf.ts',
        'embed-sdk/auth/token.ts',
        'embed-sdk/auth/oidc.ts',
        '../main/node_modules/oidc-client-ts/dist/esm/oidc-client-ts.js',
        '../main/node_modules/react-router/dist/development/index.mjs',
        '../main/node_modules/react-dom/client.js',
      ]),
    ).toEqual([
      'portal/shell/TopBar.tsx',
      'portal/shell/BlankLayout.tsx',
      'portal/session/SessionProvider.tsx',
      'portal/pages/customer/CustomerPage.tsx',
      'embed-sdk/auth/oidc.ts',
      '../main/node_modules/oidc-client-ts/dist/esm/oidc-client-ts.js',
      '../main/node_modules/react-router/dist/development/index.mjs',
    ]);
  });
});
