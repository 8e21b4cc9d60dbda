/**
 * What a flow or a handler throws when it cannot answer with a value. They live here, outside
 * `http/`, so that the capabilities' flows throw them without knowing about HTTP; the app's error
 * handler (http/app.ts) turns each into the spec's envelope with the right status.
 */

/** A rule of the product said no: 200 with isSuccess false, shown to the user as a danger banner. */
export class BusinessError extends Error {
  constructor(
    message: string,
    readonly showMessage = true,
  ) {
    super(message);
    this.name = 'BusinessError';
  }
}

/** No such record in the caller's practice. A record of another practice answers the same. */
export class NotFoundError extends Error {
  readonly statusCode = 404;
  constructor(what: string) {
    super(`${what} was not found.`);
    this.name = 'NotFoundError';
  }
}

export class ForbiddenError extends Error {
  readonly statusCode = 403;
  constructor(message = 'You do not have permission to do this.') {
    super(message);
    this.name = 'ForbiddenError';
  }
}

export class UnauthorizedError extends Error {
  readonly statusCode = 401;
  constructor(message = 'Sign in to continue.') {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

/**
 * The request is well-formed JSON but breaks the contract in a way the schema cannot express. Like
 * the schema's own 400s, the message starts with the field it is about (`body.amount: …`,
 * `headers.idempotency-key: …`), so a developer knows what to change.
 */
export class BadRequestError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'BadRequestError';
  }
}

/**
 * A capability this practice does not have (procedure allocation outside Open Dental, or turned off):
 * a 400 whose message says why, word for word as the widgets show it.
 */
export class UnavailableError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'UnavailableError';
  }
}

/** The same idempotency key is still being processed by another request. */
export class ConflictError extends Error {
  readonly statusCode = 409;
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/**
 * This instance cannot serve now (its database does not answer): 503, so that a load balancer sends
 * the traffic elsewhere, with the envelope naming what is wrong.
 */
export class ServiceUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(message: string) {
    super(message);
    this.name = 'ServiceUnavailableError';
  }
}

/**
 * The person has not accepted the terms of service: every call but the terms' own is refused, and
 * the envelope's `nextStep` tells the client to send them to the terms page.
 */
export class TermsNotAcceptedError extends Error {
  readonly statusCode = 403;
  readonly nextStep = 'ACCEPT_TERMS' as const;
  constructor() {
    super('Accept the terms of service to continue.');
    this.name = 'TermsNotAcceptedError';
  }
}
