import { eq, or } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { users } from '../src/server/db/schema';
const db = drizzle({ connection: 'postgres://127.0.0.1/test' });
const q = () => db.select().from(users).where(or(eq(users.email, 'a@b.c'), eq(users.userName, 'a@b.c'))).limit(1);
for (let r = 0; r < 3; r++) {
  let t = performance.now();
  for (let i = 0; i < 20000; i++) q();
  const build = (performance.now() - t) / 20000;
  t = performance.now();
  for (let i = 0; i < 20000; i++) q().toSQL();
  const tosql = (performance.now() - t) / 20000;
  t = performance.now();
  for (let i = 0; i < 20000; i++) q().prepare('x');
  const prep = (performance.now() - t) / 20000;
  console.log({ build, tosql, prep });
}
process.exit(0);
