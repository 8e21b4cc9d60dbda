/**
 * The patient's page's first script, a few kB: it starts the card provider's frame that the server's
 * HTML declares (frameStart.ts) while the page's own code is still loading, so that the patient sees
 * the card fields as soon as the provider answers. The page's code then takes the frame over.
 * scripts/build.ts builds it as an entry of its own and puts it before the page's script.
 */
import { startDeclaredFrames } from '../../widgets/ui/card-entry/frameStart.js';

startDeclaredFrames(document);
