/** How search results are shown: grouped by clinic, with or without the clinic heading. */

export interface ClinicGroup<P> {
  clinic: string;
  /** False when the practice has one clinic and it is Headquarters (spec: the heading is hidden). */
  showHeading: boolean;
  patients: P[];
}

export function groupByClinic<P extends { clinicDescription: string }>(
  patients: readonly P[],
  clinicCount: number,
): ClinicGroup<P>[] {
  const groups = new Map<string, P[]>();
  for (const p of patients) {
    const list = groups.get(p.clinicDescription);
    if (list) list.push(p);
    else groups.set(p.clinicDescription, [p]);
  }
  const onlyHeadquarters =
    clinicCount <= 1 && groups.size <= 1 && [...groups.keys()].every((c) => c === 'Headquarters');
  return [...groups].map(([clinic, list]) => ({ clinic, showHeading: !onlyHeadquarters, patients: list }));
}
