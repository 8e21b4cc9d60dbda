/** The users' own row as the API's sessions use it: who they are, their current practice, what they accepted or viewed. */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { users } from '../db/schema/identity.js';

export type UserRecord = typeof users.$inferSelect;

type UserChanges = Partial<
  Pick<
    UserRecord,
    'currentCompanyId' | 'termsAcceptedAt' | 'termsAcceptedVersion' | 'companyNotificationsViewedAt'
  >
>;

export async function findUser(db: Db | Tx, userId: number): Promise<UserRecord | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

export async function updateUser(db: Db | Tx, userId: number, changes: UserChanges) {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** When the user last looked at the bell (null when never, or for no user). */
export async function notificationsViewedAt(db: Db | Tx, userId: number): Promise<Date | null> {
  const [user] = await db
    .select({ at: users.companyNotificationsViewedAt })
    .from(users)
    .where(eq(users.id, userId));
  return user?.at ?? null;
}
