/** Users as the identity provider sees them: credentials and the claims their tokens carry. */
import { eq } from 'drizzle-orm';
import type { Role } from '../../embed-sdk/contract/common.js';
import type { Db } from '../db/client.js';
import { userCompanies, users } from '../db/schema/index.js';
import { verifyPassword } from './passwords.js';

export interface Account {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  isAdmin: boolean;
  practices: { id: number; roles: Role[] }[];
}

export async function findAccount(db: Db, id: number): Promise<Account | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  // A disabled account is nobody's: its refresh tokens and sign-in sessions stop working with it.
  if (!user || user.disabledAt) return null;
  const memberships = await db
    .select({ companyId: userCompanies.companyId, roles: userCompanies.roles })
    .from(userCompanies)
    .where(eq(userCompanies.userId, id))
    .orderBy(userCompanies.companyId);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    isAdmin: user.isAdmin,
    practices: memberships.map((m) => ({ id: m.companyId, roles: m.roles as Role[] })),
  };
}

/**
 * Whose credentials these are (and whether the account is disabled), or null. Takes the same time
 * whether or not the e-mail exists.
 */
export async function credentialsOwner(
  db: Db,
  email: string,
  password: string,
): Promise<{ id: number; disabled: boolean } | null> {
  // A text column cannot hold NUL: an e-mail with one is nobody's, and must not reach the query.
  const [user] = email.includes('\u0000')
    ? []
    : await db
        .select({ id: users.id, passwordHash: users.passwordHash, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()));
  const hash = user?.passwordHash ?? DUMMY_HASH;
  const valid = await verifyPassword(password, hash);
  return user && valid ? { id: user.id, disabled: user.disabledAt !== null } : null;
}

/** The user id for these credentials, or null (also for a disabled account). */
export async function authenticate(db: Db, email: string, password: string): Promise<number | null> {
  const owner = await credentialsOwner(db, email, password);
  return owner && !owner.disabled ? owner.id : null;
}

// A well-formed hash of a random password, so unknown e-mails cost the same as wrong passwords.
const DUMMY_HASH = 'scrypt$16384$8$1$c2FuZGJveC1kdW1teS1zYWx0$oP6dVd6yN2z0U4ZpM1mQkQ6f1b2cWw3z4f5g6h7i8j0';
