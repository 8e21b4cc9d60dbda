/**
 * The schema compilers of our Fastify apps (the API and the card provider), whose schemas are all
 * zod (fastify-type-provider-zod). Given when the app is created, not set afterwards: Fastify loads
 * its own JSON-schema compilers (ajv and fast-json-stringify) when an app is created without them,
 * about a quarter of a second of every start for code no route uses (`npm run bench server`).
 */
import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export const zodSchemaController: NonNullable<FastifyServerOptions['schemaController']> = {
  // Fastify types these factories after ajv's; at run time it uses the compiler they return exactly
  // as one given to setValidatorCompiler or setSerializerCompiler (a route's schema in, a function out).
  compilersFactory: {
    buildValidator: (() => validatorCompiler) as unknown as Factories['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as Factories['buildSerializer'],
  },
};
