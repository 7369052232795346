import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { LRUCache } from 'lru-cache';
import type * as Samlify from 'samlify';
import { validateXML } from 'xmllint-wasm';

// samlify refuses to parse anything until a schema validator is set. The validator is xmllint (libxml2) compiled to
// WebAssembly, run on a worker thread per message, against the SAML 2.0 schemas that @authenio/samlify-xmllint-wasm
// ships. Its own `validate` reads the schemas on every call and prints libxml2's text to the console, so this one
// reads them once and says nothing: a refusal becomes the `malformed` reason.
const require = createRequire(import.meta.url);
// samlify is CommonJS whose exports Node's ESM loader cannot name statically (`import * as` finds no SamlLib under tsx
// or plain Node): it is loaded with require, the same in Node, tsx, Vitest and the esbuild bundle (where it stays a
// package of node_modules, loaded at run time).
export const samlify = require('samlify') as typeof Samlify;
const schemaDir = join(dirname(require.resolve('@authenio/samlify-xmllint-wasm/package.json')), 'build/schemas');
let schemas: { fileName: string; contents: string }[] | null = null;
const loadSchemas = () =>
  (schemas ??= ['saml-schema-protocol-2.0.xsd', 'datatypes.dtd', 'saml-schema-assertion-2.0.xsd', 'xmldsig-core-schema.xsd', 'XMLSchema.dtd', 'xenc-schema.xsd'].map(
    (fileName) => ({ fileName, contents: readFileSync(join(schemaDir, fileName), 'utf8') }),
  ));

/** The message samlify's flow rejects with when the schema check fails. */
export const SCHEMA_INVALID = 'ERR_SCHEMA_INVALID';

// Each check starts a worker thread with up to 32 MB of WebAssembly memory for about 0.3 s: at most two run at once,
// the others wait their turn (a burst of responses queues instead of taking the machine's memory).
const MAX_PARALLEL_CHECKS = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function oneOfFew<T>(run: () => Promise<T>): Promise<T> {
  if (running < MAX_PARALLEL_CHECKS) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await run();
  } finally {
    // The slot passes straight to the next in line, so no newcomer slips in between.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

// Whether a text is valid by the schema depends on the text alone: the same message arriving many times at once (a
// replay, a double submit) is checked once and shares the verdict; recent verdicts are kept.
const verdicts = new LRUCache<string, Promise<'valid'>>({ max: 256 });

samlify.setSchemaValidator({
  validate: (xml: string) => {
    const key = createHash('sha256').update(xml).digest('base64url');
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = oneOfFew(async () => {
        const [protocol, ...preload] = loadSchemas();
        const result = await validateXML({ xml: [{ fileName: 'message.xml', contents: xml }], extension: 'schema', schema: [protocol!], preload });
        if (!result.valid) throw new Error(SCHEMA_INVALID);
        return 'valid' as const;
      });
      verdicts.set(key, verdict);
    }
    return verdict;
  },
});

export const BINDING = { redirect: samlify.Constants.namespace.binding.redirect, post: samlify.Constants.namespace.binding.post } as const;

export const NS = {
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  metadata: 'urn:oasis:names:tc:SAML:2.0:metadata',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
} as const;

/**
 * Parses XML with xmldom (the DOM samlify itself uses), or returns null: not well-formed, or a DOCTYPE (no DTDs, no
 * entities, whatever they declare). For the structural checks before samlify runs; never for reading values.
 */
export function parseXml(xml: string): Document | null {
  let failed = false;
  const fail = () => {
    failed = true;
  };
  try {
    const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: fail, fatalError: fail } }).parseFromString(xml, 'text/xml');
    if (failed || !doc?.documentElement || doc.doctype) return null;
    for (let node = doc.firstChild; node; node = node.nextSibling) if (node.nodeType === 10 /* DOCUMENT_TYPE_NODE */) return null;
    return doc as unknown as Document;
  } catch {
    return null;
  }
}

/** Every element of a document, in document order. */
export function allElements(doc: Document): Element[] {
  return Array.from(doc.getElementsByTagName('*') as unknown as ArrayLike<Element>);
}
