/**
 * The browser tab's title for a page ("Payment · Chairside"). Where there is no document to set it on
 * (the server rendering a patient's page), DocumentTitleSink collects it instead.
 */
import { createContext, useContext, useEffect } from 'react';

export const DocumentTitleSink = createContext<((title: string) => void) | null>(null);

export function useDocumentTitle(title: string) {
  useContext(DocumentTitleSink)?.(`${title} · Chairside`);
  useEffect(() => {
    document.title = `${title} · Chairside`;
  }, [title]);
}
