/**
 * The patient's page as one tree, the same on the server (renderPage.tsx renders it into the HTML)
 * and in the browser (main.tsx adopts that HTML, or renders it itself): the theme, the signed-out
 * SDK, the blank frame with the one page, the banners and the loading overlay. Hydration needs both
 * sides to build exactly this tree, so neither builds its own.
 */
import { StrictMode, type ComponentType } from 'react';
import { RendererProvider, type GriffelRenderer } from '@griffel/react';
import type { Sdk, ThemeName } from '../../embed-sdk/index.js';
import { SdkContext } from '../../widgets/runtime/SdkContext.js';
import { FirstLinkAnswer, type FirstAnswer } from '../components/publicLink/PublicLinkPage.js';
import { DocumentTitleSink } from '../routing/documentTitle.js';
import { PortalBanners } from '../shell/banners/PortalBanners.js';
import { BlankFrame } from '../shell/BlankFrame.js';
import { LoadingOverlay } from '../shell/LoadingOverlay.js';
import { ThemeProvider } from '../theme/ThemeContext.js';

export interface PatientAppProps {
  /** Griffel's: the server's collects the CSS; the browser's takes over the server's style elements. */
  renderer: GriffelRenderer;
  sdk: Sdk;
  Page: ComponentType<{ token: string }>;
  token: string;
  /** The address, which keys the page's error boundary. */
  path: string;
  /** The link's page as the server read it (undefined: the page reads it itself). */
  answer?: FirstAnswer;
  /** The theme the server rendered in, when the browser adopts the server's HTML. */
  rendered?: ThemeName;
  /** The server takes the page's title here (there is no document to set it on). */
  onTitle?: (title: string) => void;
}

export function PatientApp(props: PatientAppProps) {
  const { renderer, sdk, Page, token, path, answer, rendered, onTitle } = props;
  return (
    <StrictMode>
      <RendererProvider renderer={renderer}>
        <DocumentTitleSink.Provider value={onTitle ?? null}>
          <ThemeProvider rendered={rendered}>
            <SdkContext.Provider value={sdk}>
              <FirstLinkAnswer.Provider value={answer}>
                <BlankFrame boundaryKey={path} home={null}>
                  <Page token={token} />
                </BlankFrame>
              </FirstLinkAnswer.Provider>
              <PortalBanners sdk={sdk} />
              <LoadingOverlay sdk={sdk} />
            </SdkContext.Provider>
          </ThemeProvider>
        </DocumentTitleSink.Provider>
      </RendererProvider>
    </StrictMode>
  );
}
