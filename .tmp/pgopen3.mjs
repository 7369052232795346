import { PGlite } from '@electric-sql/pglite';
const [dir, ...extra] = process.argv.slice(2);
const t0 = performance.now();
const params = extra.flatMap((p) => ['-c', p]);
const db = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...params] });
const t1 = performance.now();
const cpu = process.cpuUsage();
console.log(JSON.stringify({ extra, createMs: Math.round(t1 - t0), cpuMs: Math.round((cpu.user + cpu.system) / 1000), rssMiB: Math.round(process.memoryUsage().rss / 1048576) }));
await db.close();
