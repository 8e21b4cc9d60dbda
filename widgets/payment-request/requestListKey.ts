/**
 * The SWR key of a list of payment requests (the portal's Payment Requests page and the patient
 * page read them; the widgets refresh them after a payment, a reminder, a cancel or a new request).
 * A module of its own: the widgets' chunks import it without the rest of the request's data code.
 */
const REQUEST_LIST = 'notification/list';

/** One list's key, by its call's body. */
export const requestListKey = (body: object) => [REQUEST_LIST, JSON.stringify(body)] as const;

/** Any list of requests. */
export const isRequestListKey = (key: unknown) => Array.isArray(key) && key[0] === REQUEST_LIST;
