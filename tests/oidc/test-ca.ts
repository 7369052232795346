import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A certificate authority made for a test run, and a server certificate it signed for localhost and 127.0.0.1. */
export interface TestCertificates {
  /** The CA's certificate (PEM): what NODE_EXTRA_CA_CERTS names. */
  caFile: string;
  ca: string;
  /** The server's key and certificate (PEM), for an https server on localhost. */
  key: string;
  cert: string;
}

/** Where a run's test CA lives (one per checkout). */
export const TEST_CA_DIR = join(import.meta.dirname, '../../node_modules/.cache/suite-portal-test-ca');

/**
 * Makes (or reuses) the run's test CA and points NODE_EXTRA_CA_CERTS at it, for the processes started after this
 * (Node reads the variable at start-up only): the runners call it before they fork workers or start the server. A
 * CA file already named there is kept, in a bundle with ours.
 */
export function trustTestCaInChildProcesses(): TestCertificates {
  const certificates = makeTestCertificates(TEST_CA_DIR);
  const current = process.env.NODE_EXTRA_CA_CERTS;
  if (!current) process.env.NODE_EXTRA_CA_CERTS = certificates.caFile;
  else if (current !== certificates.caFile && !current.startsWith(TEST_CA_DIR)) {
    const bundle = join(TEST_CA_DIR, `bundle-${process.pid}.pem`);
    writeFileSync(bundle, `${readFileSync(current, 'utf8')}\n${certificates.ca}`);
    process.env.NODE_EXTRA_CA_CERTS = bundle;
  }
  return certificates;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * Makes a CA and a localhost certificate with the openssl CLI (Node can read certificates but not issue them), in
 * `dir`. Kept for a day, so the processes of one run (a test runner, its workers, the server it starts) agree on it.
 */
export function makeTestCertificates(dir: string, options: { reuse?: boolean } = {}): TestCertificates {
  const files = { caFile: join(dir, 'ca.pem'), key: join(dir, 'server.key'), cert: join(dir, 'server.pem') };
  const fresh = existsSync(files.cert) && Date.now() - statSync(files.cert).mtimeMs < 24 * 3600 * 1000;
  if (!(options.reuse !== false && fresh)) {
    // Made in a scratch folder and moved into place, so two runs starting together never read half a CA.
    const scratch = `${dir}.tmp-${process.pid}-${Date.now()}`;
    mkdirSync(scratch, { recursive: true });
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
    openssl(['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3', '-subj', '/CN=Suite Portal test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], scratch);
    openssl(['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost'], scratch);
    writeFileSync(join(scratch, 'server.ext'), 'basicConstraints=CA:FALSE\nsubjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\nkeyUsage=critical,digitalSignature\n');
    openssl(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '3', '-extfile', 'server.ext'], scratch);
    rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(scratch, dir);
    } catch {
      // Another run moved its own in first: use that one.
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return { caFile: files.caFile, ca: readFileSync(files.caFile, 'utf8'), key: readFileSync(files.key, 'utf8'), cert: readFileSync(files.cert, 'utf8') };
}
