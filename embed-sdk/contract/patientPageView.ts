/**
 * The patient's page as the server answers a link (/p/{token}, /card/{token}, /enroll/{token}): the
 * front end's renderer (portal/patient/renderPage.tsx, built into dist/ssr/patient-page.js) renders
 * the page's first view with the link's answer, and the server puts it into the page it sends
 * (server/http/patientPage.ts), with the status code the link deserves. Types only: the server knows
 * the renderer through this contract, not its code.
 */

export interface PatientPageRequest {
  /** The address's path: '/p/{token}'. */
  path: string;
  /** The API's base URL as the renderer's calls should name it. */
  apiBaseUrl: string;
  /** Serves the renderer's API calls (the server answers them itself, for the patient's address). */
  fetch: typeof fetch;
}

/** What the browser does with the server's view (main.tsx). */
export interface PatientPageNext {
  /**
   * 'hydrate': adopt the HTML as it is (an open link: the card frame the HTML started stays).
   * 'render': render the page again from `answer` (a closed link: its dates in the patient's zone).
   */
  mode: 'hydrate' | 'render';
  /** The link's page as the API answered it (undefined: the page asks again itself). */
  answer?: unknown;
  /** The theme the HTML was rendered in. */
  theme: 'light' | 'dark';
}

export interface PatientPageView {
  /** 200 an open link; 410 used, paid, cancelled or expired; 404 unknown; 429 too many guesses. */
  status: number;
  /** Headers the link's answer carried that the page's answer must carry too (Retry-After). */
  headers: Record<string, string>;
  /** The document's title. */
  title: string;
  /** Style elements for the head (the page's CSS, both themes). */
  head: string;
  /** The page's markup, for the root element. */
  body: string;
  /** Null: the page is final (a link that could not be opened) and loads no script. */
  next: PatientPageNext | null;
  /**
   * The card provider's script, when the link takes a card: the page preloads it, and mounts the
   * frame the markup declares before the page's own script has loaded (portal/patient/cardFrameStart.ts).
   */
  cardScriptUrl?: string;
}

export interface PatientPageRenderer {
  /** Null when the path is not a link's page. */
  renderPatientPage(request: PatientPageRequest): Promise<PatientPageView | null>;
}
