/**
 * English messages with arguments, matched back from the text a shared module or the server wrote ("Too many attempts.
 * Try again in 15 minutes." → `message.tooManyAttemptsMinutes` with `{ minutes: 15 }`), so `tEnglish` can show them in
 * the current language. The patterns are made at build time from the English catalog (english-patterns.ts, used by
 * build-i18n.ts for the lazy `en-later` chunk): /login's first paint carries neither this code nor the patterns.
 */

/**
 * One message's pattern: its id, a regular expression source (without anchors) with one capturing group per argument
 * occurrence, and what each group means: `name` (the text matched), `#name` (a number), `name=value` / `#name=value`
 * (that value when the group matched at all: a plural's or select's case), or '' (nothing to read).
 */
export type EnglishTemplate = readonly [id: string, pattern: string, groups: readonly string[]];

export interface EnglishMatch {
  id: string;
  values: Record<string, string | number>;
}

/** A matcher over the templates: the first whose pattern matches the whole text, with its arguments. */
export function englishMatcher(templates: readonly EnglishTemplate[]): (text: string) => EnglishMatch | null {
  const compiled = templates.map(([id, pattern, groups]) => ({ id, pattern: new RegExp(`^${pattern}$`), groups }));
  return (text) => {
    for (const { id, pattern, groups } of compiled) {
      const found = pattern.exec(text);
      if (!found) continue;
      const values: Record<string, string | number> = {};
      groups.forEach((group, index) => {
        const matched = found[index + 1];
        const numeric = group.startsWith('#');
        const [name = '', constant] = group.slice(numeric ? 1 : 0).split('=');
        if (matched === undefined || name === '' || name in values) return;
        const value = constant ?? matched;
        values[name] = numeric ? Number(value.replace(/,/g, '')) : value;
      });
      return { id, values };
    }
    return null;
  };
}
