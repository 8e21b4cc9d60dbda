/** The patient route (spec part 1, section 2): /Customer/{id}?key={patient key}, named CustomerIndex. */
export const CUSTOMER_ROUTE_ID = 'CustomerIndex';

export function customerPath(id: number, key?: number | null): string {
  return key === undefined || key === null ? `/Customer/${id}` : `/Customer/${id}?key=${key}`;
}
