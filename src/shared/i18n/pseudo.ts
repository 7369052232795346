import { parse, type Token } from '@messageformat/parser';

/**
 * The pseudo-locale's text (en-XA): every letter accented and every vowel doubled, about 30% longer than the English,
 * so a test sees at once a text that skipped translation (plain ASCII English) and a box too narrow for a longer
 * language. Only the literal text of a message changes; its arguments and ICU keywords stay as they are.
 */
const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

export function pseudoText(text: string): string {
  let out = '';
  for (const char of text) {
    const accented = ACCENTED[char];
    out += accented ?? char;
    if (accented && 'aeiouAEIOU'.includes(char)) out += accented;
  }
  return out;
}

/** An ICU message with its literal text made pseudo (its arguments, plurals and selects kept). */
export function pseudoMessage(message: string): string {
  return parse(message).map(serialize).join('');
}

function serialize(token: Token): string {
  switch (token.type) {
    case 'content':
      // Quote what ICU would read as syntax; an apostrophe is doubled.
      return pseudoText(token.value).replace(/'/g, "''").replace(/[{}#]+/g, (syntax) => `'${syntax}'`);
    case 'octothorpe':
      return '#';
    case 'argument':
      return `{${token.arg}}`;
    case 'function':
      return `{${token.arg}, ${token.key}${token.param ? `, ${token.param.map(serialize).join('')}` : ''}}`;
    default: {
      const offset = 'pluralOffset' in token && token.pluralOffset ? ` offset:${token.pluralOffset}` : '';
      const cases = token.cases.map((entry) => `${entry.key} {${entry.tokens.map(serialize).join('')}}`).join(' ');
      return `{${token.arg}, ${token.type},${offset} ${cases}}`;
    }
  }
}
