/**
 * The provider's HTTP API. `/v1/nonces` is for the frame (same origin only); everything else is
 * server-to-server and needs the shared secret, so a page script can neither tokenize a nonce it
 * caught nor charge a card. No route here answers CORS, so browsers on other origins cannot call them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import {
  AccountCheckRequest,
  ChargeRequest,
  ChargeStatusParams,
  ChargeStatusQuery,
  NonceRequest,
  RefundRequest,
  TokenizeRequest,
  VoidRequest,
} from './api-schema.js';

/** The test provider's API keys: sk_test_ and at least 8 letters or digits. */
const TEST_API_KEY = /^sk_test_[A-Za-z0-9]{8,}$/;
import { detectBrand } from './browser/brand.js';
import { validateCardFields } from './browser/card-fields.js';
import { ProviderError } from './errors.js';
import { chargeStatus, refund, sale, voidSale } from './ledger.js';
import { lastFour } from './mask.js';
import type { NonceStore } from './nonces.js';
import { monthOf } from './outcome.js';
import { cardProfile } from './test-cards.js';
import { vaultCard } from './vault.js';

export interface ApiOptions {
  db: Db;
  clock: Pick<Clock, 'now'>;
  nonces: NonceStore;
  secret: string;
  origin: () => string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function hasSecret(req: FastifyRequest, secret: string): boolean {
  const header = req.headers.authorization ?? '';
  const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  // Compare digests: equal lengths for timingSafeEqual, and no early exit on the first wrong byte.
  return presented !== '' && timingSafeEqual(digest(presented), digest(secret));
}

export async function apiRoutes(app: FastifyInstance, opts: ApiOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Only the frame, on this origin, may send card data here. Browsers always tell where a POST comes
  // from; a script elsewhere that tries (even with a body that needs no preflight) is refused before
  // the body is read.
  const sameOriginOnly = async (req: FastifyRequest) => {
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    if (
      (origin !== undefined && origin !== opts.origin()) ||
      (site !== undefined && site !== 'same-origin')
    ) {
      throw new ProviderError(403, 'FORBIDDEN_ORIGIN', 'Nonces are issued to the card form only.');
    }
  };

  typed.post(
    '/v1/nonces',
    { schema: { body: NonceRequest }, onRequest: sameOriginOnly },
    async (req, reply) => {
      const card = req.body;
      const errors = validateCardFields(
        {
          cardNumber: card.cardNumber,
          expMonth: card.expMonth,
          expYear: card.expYear,
          cvc: card.cvc,
          zip: card.zip,
        },
        { today: monthOf(opts.clock.now()), zip: 'optional' },
      );
      const brand = detectBrand(card.cardNumber);
      if (errors.length > 0 || !brand) {
        return reply
          .status(400)
          .send({ code: 'INVALID_CARD', message: 'The card details are not valid.', fields: errors });
      }
      // From here on only what the vault keeps: the number and the security code go no further.
      const nonce = await opts.nonces.issue({
        businessId: card.businessId,
        brand,
        last4: lastFour(card.cardNumber),
        expMonth: card.expMonth,
        expYear: card.expYear,
        ...cardProfile(card.cardNumber),
      });
      return { nonce };
    },
  );

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req) => {
      if (!hasSecret(req, opts.secret)) {
        throw new ProviderError(401, 'UNAUTHORIZED', 'This API needs the provider secret.');
      }
    });
    const s2s = scope.withTypeProvider<ZodTypeProvider>();

    s2s.post('/v1/tokenize', { schema: { body: TokenizeRequest } }, async (req) => {
      const card = await opts.nonces.redeem(req.body.nonce, req.body.businessId);
      if (!card) {
        throw new ProviderError(
          404,
          'UNKNOWN_NONCE',
          'The nonce is unknown, already used, expired or for another business.',
        );
      }
      return vaultCard(opts.db, card);
    });

    // The test provider knows any business; it checks that the key is one of its test keys. (A real
    // provider would look the merchant up.)
    s2s.post('/v1/accounts/check', { schema: { body: AccountCheckRequest } }, async (req) => {
      if (!TEST_API_KEY.test(req.body.apiKey)) {
        throw new ProviderError(
          401,
          'INVALID_API_KEY',
          `The API key is not valid for business ${req.body.businessId}: test keys start with sk_test_.`,
        );
      }
      return { businessId: req.body.businessId, live: false };
    });

    s2s.post('/v1/charges', { schema: { body: ChargeRequest } }, async (req) =>
      sale(opts.db, opts.clock, req.body),
    );
    s2s.post('/v1/refunds', { schema: { body: RefundRequest } }, async (req) =>
      refund(opts.db, opts.clock, req.body),
    );
    s2s.post('/v1/voids', { schema: { body: VoidRequest } }, async (req) =>
      voidSale(opts.db, opts.clock, req.body),
    );
    s2s.get(
      '/v1/charges/:referenceId',
      { schema: { params: ChargeStatusParams, querystring: ChargeStatusQuery } },
      async (req) =>
        chargeStatus(opts.db, opts.clock, {
          businessId: req.query.businessId,
          referenceId: req.params.referenceId,
        }),
    );
  });
}
