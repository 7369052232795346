import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
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

samlify.setSchemaValidator({
  validate: async (xml: string) => {
    const [protocol, ...preload] = loadSchemas();
    const result = await validateXML({ xml: [{ fileName: 'message.xml', contents: xml }], extension: 'schema', schema: [protocol!], preload });
    if (!result.valid) throw new Error(SCHEMA_INVALID);
    return 'valid';
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
