// `npm run bench`: the figures of the server's performance, each against its ceiling measured in the same run, with
// its goal (MET or MISS). Measurements that would be flaky as tests; not part of `npm test`. `npm run bench -- login
// calls` runs some suites only; BENCH_RUNS (default 3) sets the runs a median is taken of.
import { benchBundle } from './bundle';
import { benchBursts } from './bursts';
import { benchCalls } from './calls';
import { benchColdStart } from './coldstart';
import { benchEqualWork } from './equal-work';
import { benchFaults } from './faults';
import { benchLcp } from './lcp';
import { benchLogin } from './login';
import { benchSignInCpu } from './sign-in-cpu';
import { benchSockets } from './sockets';
import { benchStorm } from './storm';
import { benchTbt } from './tbt';

const suites: Record<string, () => Promise<void>> = {
  login: benchLogin,
  'login-cpu': benchSignInCpu,
  calls: benchCalls,
  storm: benchStorm,
  bursts: benchBursts,
  faults: benchFaults,
  sockets: benchSockets,
  'equal-work': benchEqualWork,
  bundle: benchBundle,
  lcp: benchLcp,
  tbt: benchTbt,
  coldstart: benchColdStart,
};
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in suites));
if (unknown.length) {
  console.error(`Unknown suite ${unknown.join(', ')}; the suites are ${Object.keys(suites).join(', ')}.`);
  process.exit(2);
}
for (const [name, run] of Object.entries(suites)) {
  if (wanted.length === 0 || wanted.includes(name)) await run();
}
process.exit(0);
