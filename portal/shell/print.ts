/**
 * What a printed page leaves out: the shell's bars, a screen's buttons and filters. Printing is a
 * report's (portal/reports): the page prints the screen's content alone, as a document.
 */
import { makeStyles } from '@fluentui/react-components';

export const usePrintStyles = makeStyles({
  /** Shown on screen, left out of print. */
  noPrint: { '@media print': { display: 'none' } },
  /** A wrapper that adds no box of its own on screen (its children lay out as if it were not there). */
  noPrintWrapper: { display: 'contents', '@media print': { display: 'none' } },
  /** Shown only in print. */
  printOnly: { display: 'none', '@media print': { display: 'block' } },
});
