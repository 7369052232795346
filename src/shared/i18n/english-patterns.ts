import { parse, type Token } from '@messageformat/parser';
// With its extension: the build's config (build-i18n.ts) loads this file through Vite's native config loader.
import { ENGLISH_MESSAGE_NAMESPACE } from './catalog.ts';
import type { EnglishTemplate } from './english-templates';

/** A number as English messageformat writes it (`#`, `{n, number}`): digits, with thousands separators. */
const NUMBER = '(\\d[\\d,]*(?:\\.\\d+)?)';
/** Any other argument: some text, as short as the rest of the pattern allows. */
const TEXT = '([\\s\\S]+?)';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The pattern of an English message with arguments (build time, see english-templates.ts), or null for a message
 * without any (those are matched by their text).
 */
export function englishPattern(id: string, message: string): EnglishTemplate | null {
  const groups: string[] = [];
  let hasArgument = false;
  const walk = (tokens: Token[], plural: string | null): string =>
    tokens
      .map((token) => {
        switch (token.type) {
          case 'content':
            return escape(token.value);
          case 'octothorpe':
            if (!plural) return '#';
            groups.push(`#${plural}`);
            return NUMBER;
          case 'argument':
            hasArgument = true;
            groups.push(token.arg);
            return TEXT;
          case 'function':
            hasArgument = true;
            groups.push(token.key === 'number' ? `#${token.arg}` : token.arg);
            return token.key === 'number' ? NUMBER : TEXT;
          case 'plural':
          case 'selectordinal':
          case 'select': {
            hasArgument = true;
            const cases = token.cases.map((entry) => {
              // Each case is a group of its own: when its text says no number (`one {a minute}`), the case says it.
              const numeric = token.type !== 'select';
              // A plural's case says its number only when it is exact (`=0`, and English's `one`); `#` says the rest.
              const exact = entry.key.startsWith('=') ? entry.key.slice(1) : entry.key === 'one' ? '1' : null;
              groups.push(!numeric ? `${token.arg}=${entry.key}` : exact === null ? '' : `#${token.arg}=${exact}`);
              const inner = walk(entry.tokens, numeric ? token.arg : plural);
              return `(${inner})`;
            });
            return `(?:${cases.join('|')})`;
          }
        }
      })
      .join('');
  const pattern = walk(parse(message, { strict: true }), null);
  return hasArgument ? [id, pattern, groups] : null;
}

/** The patterns of a catalog's `message.*` texts with arguments: what `englishMatcher` takes (build, server, tests). */
export function englishTemplates(catalog: Record<string, string>): EnglishTemplate[] {
  return Object.entries(catalog)
    .filter(([id]) => id.startsWith(`${ENGLISH_MESSAGE_NAMESPACE}.`))
    .map(([id, message]) => englishPattern(id, message))
    .filter((template) => template !== null);
}
