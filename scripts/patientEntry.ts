/**
 * What must never reach the patient's pages' bundle (portal/patient/, issue 39): the portal's
 * shell beyond the blank frame, banners and loading overlay, its session, sign-in and boot, the
 * staff screens, the router, the OpenID Connect client and the realtime hub. Lint checks a file's
 * own imports (eslint.config.js); the build checks every module a patient's page loads with this list
 * (the entry and the three pages, with all they import statically), so an import through a shared
 * file is caught too. On-demand chunks that a patient's page never asks for (the error route's page,
 * the SDK's realtime client, which a signed-out SDK never connects) are left out.
 */

/** Module paths (relative to the repository, or inside node_modules) that are staff code. */
const STAFF = [
  /^portal\/shell\/(?!BlankFrame\.tsx$|Logo\.tsx$|LoadingOverlay\.tsx$|banners\/PortalBanners\.tsx$)/,
  /^portal\/(session|boot|admin|dashboard|reports|liveChat|data\/(?!valueOf\.ts$))\//,
  /^portal\/(App|startPortalApp|main)\.tsx$/,
  /^portal\/routing\/(routes|RequireRole|publicRouteObjects)\.tsx$/,
  /^portal\/pages\/(?!Public(Payment|Card|Enrollment)Page\.tsx$|OopsPage\.tsx$|PageHeader\.tsx$)/,
  /^embed-sdk\/auth\/oidc/,
  /node_modules\/(oidc-client-ts|react-router|react-router-dom|@microsoft\/signalr)\//,
];

/**
 * What a patient's link loads on demand, at once: the page's code (main.tsx, which start.ts loads
 * once the card frame has started) and the page's own chunk.
 */
const PAGES = /(^|\/)portal\/(patient\/main|pages\/Public(Payment|Card|Enrollment)Page)\.tsx$/;

/** What the check reads of a built chunk (Rolldown's output chunk has these). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
}

/** The modules a patient's page loads: the entry's and the pages' chunks, with their static imports. */
export function modulesLoaded(chunks: readonly BuiltChunk[]): string[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (chunk: BuiltChunk | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    chunk.imports.forEach((file) => visit(byFile.get(file)));
  };
  chunks.filter((c) => c.isEntry || PAGES.test(c.facadeModuleId?.replaceAll('\\', '/') ?? '')).forEach(visit);
  return [...seen].flatMap((file) => byFile.get(file)!.moduleIds);
}

/** The staff modules among module ids (relative to the repository). */
export function staffModulesIn(moduleIds: readonly string[]): string[] {
  return moduleIds.filter((id) => STAFF.some((pattern) => pattern.test(id.replaceAll('\\', '/'))));
}
