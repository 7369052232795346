import { and, not, or, sql, type SQL } from 'drizzle-orm';
import { parse, type Filter } from 'scim2-parse-filter';
import { ScimError } from './errors';

/**
 * A SCIM filter (RFC 7644 §3.4.2.2) as a SQL condition. `scim2-parse-filter` parses the text; this file maps the
 * attributes a directory filters on to columns, and refuses anything else with 400 invalidFilter (the RFC's answer to
 * a filter the server does not support), naming what is supported.
 */

/** One filterable attribute: the condition for `{attribute} eq {value}` (string values; `null` never matches). */
export type AttributeMap = Record<string, (value: string) => SQL>;

/** A value-path filter the resource supports (`emails[...]`, `members[...]`), by its lower-case attribute. */
export type ValuePaths = Record<string, AttributeMap>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `column = value` for a uuid column; any other text matches nothing (rather than failing the cast). */
export const uuidEquals = (column: SQL | unknown, value: string): SQL => (uuidPattern.test(value) ? sql`${column} = ${value.toLowerCase()}::uuid` : sql`false`);
/** Equality ignoring case (RFC 7643: userName, emails and displayName are caseExact false). */
export const equalsIgnoringCase = (column: SQL | unknown, value: string): SQL => sql`lower(${column}) = ${value.toLowerCase()}`;

const MAX_FILTER_LENGTH = 1000;

export function filterCondition(text: string, attributes: AttributeMap, valuePaths: ValuePaths, supported: string): SQL {
  const invalid = (why: string) => new ScimError(400, `${why} Supported: ${supported}.`, 'invalidFilter');
  if (text.length > MAX_FILTER_LENGTH) throw invalid('The filter is too long.');
  let tree: Filter;
  try {
    tree = parse(text);
  } catch {
    throw invalid('The filter could not be read.');
  }
  const walk = (node: Filter, within: AttributeMap): SQL => {
    switch (node.op) {
      case 'and':
      case 'or': {
        const parts = node.filters.map((child) => walk(child, within));
        return (node.op === 'and' ? and(...parts) : or(...parts))!;
      }
      case 'not':
        return not(walk(node.filter, within));
      case '[]': {
        const inner = valuePaths[node.attrPath.toLowerCase()];
        if (!inner) throw invalid(`Filtering on ${node.attrPath}[…] is not supported.`);
        return walk(node.valFilter, inner);
      }
      case 'eq':
      case 'ne': {
        const attribute = within[node.attrPath.toLowerCase()];
        if (!attribute) throw invalid(`Filtering on ${node.attrPath} is not supported.`);
        const value = node.compValue;
        const matches = typeof value === 'string' ? attribute(value) : typeof value === 'boolean' ? attribute(String(value)) : sql`false`;
        return node.op === 'eq' ? matches : not(matches);
      }
      default:
        throw invalid(`The operator ${node.op} is not supported.`);
    }
  };
  return walk(tree, attributes);
}
