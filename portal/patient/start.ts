/**
 * The patient's page's one script tag, a few kB (issue 39). It starts the card provider's frame that
 * the server's HTML declares (frameStart.ts), then loads the page's own code (main.tsx), which takes
 * that frame over. On a phone's slow network the frame and the page's code would otherwise share the
 * bandwidth, and the card fields, which the patient needs first, would come last: so the page's code
 * is asked for once the frame has started, or after a second at most (a provider that is slow to
 * answer does not hold the page back).
 */
import { startDeclaredFrames } from '../../widgets/ui/card-entry/frameStart.js';

const FRAME_HEAD_START_MS = 1000;

void Promise.race([
  startDeclaredFrames(document),
  new Promise((resolve) => setTimeout(resolve, FRAME_HEAD_START_MS)),
]).then(() => import('./main.js'));
