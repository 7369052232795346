import type * as z from 'zod';

// Apart from errors.ts, which /login's first paint reads (the renderer's shell chunk): only the caller (loaded after
// the paint) and the server use this.

/**
 * A schema failure as every boundary reports it (socket, HTTP, IPC): the fields at fault, and the first issue's
 * message, prefixed with its field when there is one ("orgId: Organization id must be valid.").
 */
export function schemaFailure(issues: readonly z.core.$ZodIssue[]): { message: string; fields: string[]; issues: { path: string; message: string }[] } {
  const fields = [...new Set(issues.map((issue) => issue.path.map(String).join('.')).filter(Boolean))];
  const first = issues[0];
  const where = first?.path.map(String).join('.');
  const message = first ? (where ? `${where}: ${first.message}` : first.message) : 'Invalid request.';
  // At most 200, so a payload of a thousand bad rows cannot make a reply of a thousand messages.
  const each = issues.slice(0, 200).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return { message, fields, issues: each };
}
