/** Everything a route handler or a background job may use, built once at start-up. */
import type { FirstViewRenderer } from '../embed-sdk/contract/widget.js';
import type { PatientPageRenderer } from '../embed-sdk/contract/patientPageView.js';
import type { CardFunding } from '../embed-sdk/rules/surcharge.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import type { CompanyCache } from './practices/cache.js';
import type { AccountStates, TokenVerifier } from './http/caller.js';
import type { EmbedOrigins } from './settings/embedOrigins.js';
import type { ServerInstance } from './instances.js';

/** Pushes realtime events to the connections of one practice (the SignalR hub implements it). */
export interface RealtimePublisher {
  /** To the practice's connections on every server instance: this one's at once, the others' through the bus. */
  publish(companyId: number, target: string, args: unknown[]): void;
  /** How many of this instance's open connections are in the practice's group. */
  connectionsIn(companyId: number): number;
}

/** The card provider, as the server's side sees it (tokenize a nonce, charge, refund, void, settle). */
export interface CardGateway {
  tokenize(input: { businessId: string; nonce: string }): Promise<TokenizedCard>;
  charge(input: {
    businessId: string;
    token: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  refund(input: {
    businessId: string;
    referenceId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  void(input: { businessId: string; referenceId: string; idempotencyKey: string }): Promise<ChargeResult>;
  isSettled(input: { businessId: string; referenceId: string }): Promise<boolean>;
  /** Whether the provider accepts a merchant's credentials (an administrator's "test connection"). */
  checkAccount(input: {
    businessId: string;
    appId: string;
    storeId: string;
    apiKey: string;
  }): Promise<{ businessId: string; live: boolean }>;
}

export interface TokenizedCard {
  token: string;
  cardType: 'VISA' | 'AMERICAN_EXPRESS' | 'DINERS_CLUB' | 'JCB' | 'MASTERCARD' | 'DISCOVER';
  /** Masked, as the provider shows it (e.g. "•••• 1111"). */
  description: string;
  expMonth: number;
  expYear: number;
  funding: CardFunding;
}

export interface ChargeResult {
  approved: boolean;
  referenceId: string;
  transactionResultId: string;
  /** The decline reason, when declined. */
  reason: string | null;
}

export interface AppContext {
  config: ServerConfig;
  /** The origin browsers use (http://localhost:8080). */
  publicUrl: string;
  database: Database;
  db: Db;
  /** This server process among those sharing the database (its boot id, whether another is alive). */
  instance: ServerInstance;
  clock: Clock;
  tokens: TokenVerifier;
  accounts: AccountStates;
  /** Practices' rows by id (their settings), cached. */
  companies: CompanyCache;
  /** The partners' origins each practice allows (CORS, sign-in redirects, the card frame's parents). */
  embedOrigins: EmbedOrigins;
  realtime: RealtimePublisher;
  cards: CardGateway;
  /** Signs the server's short-lived links (a CSV export's download). */
  linkKey: Buffer;
  /** Where the card-entry script is served from (the provider's origin). */
  cardProviderScriptUrl: string;
  log: FastifyBaseLogger;
  /** The front end's first-view renderer, loaded on first use; null when it is not built. */
  firstViews: () => Promise<FirstViewRenderer | null>;
  /** The patient's pages' renderer (their first view in the HTML), loaded on first use; null when not built. */
  patientPage: () => Promise<PatientPageRenderer | null>;
}
