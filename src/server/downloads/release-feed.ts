import { CORE_SCHEMA, load } from 'js-yaml';
import * as z from 'zod';

/** The three feeds electron-builder writes per app (generic provider), one per operating system. */
export const FEED_FILES = { windows: 'latest.yml', mac: 'latest-mac.yml', linux: 'latest-linux.yml' } as const;
export type FeedOs = keyof typeof FEED_FILES;

/** A release file's name as the feed gives it: one path segment, no dot-files, nothing a URL would reinterpret. */
const FileNameSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._+()-]*$/, 'must be a plain file name');

const ReleaseNotesSchema = z.union([
  z.string(),
  // electron-builder's "full changelog" form: one note per version.
  z.array(z.object({ version: z.string(), note: z.string().nullable().optional() })),
]);

/**
 * The part of electron-builder's UpdateInfo (`latest*.yml`) the portal reads. The YAML is loaded with the core
 * schema (no dates, no custom types), as plain data, then checked here.
 */
export const ReleaseFeedSchema = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/, 'must be a semantic version'),
  files: z
    .array(z.object({ url: FileNameSchema, size: z.number().int().nonnegative().optional(), sha512: z.string().min(1) }))
    .min(1),
  releaseDate: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date').optional(),
  releaseNotes: ReleaseNotesSchema.nullable().optional(),
});
export type ReleaseFeed = z.infer<typeof ReleaseFeedSchema>;
export type ReleaseFile = ReleaseFeed['files'][number];

export class FeedError extends Error {
  override name = 'FeedError';
}

/** Parses one feed file's text; throws FeedError naming the first problem (logged by the caller, never sent to clients). */
export function parseReleaseFeed(text: string): ReleaseFeed {
  let data: unknown;
  try {
    data = load(text, { schema: CORE_SCHEMA, json: false });
  } catch (error) {
    throw new FeedError(`not YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const parsed = ReleaseFeedSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FeedError(`${issue?.path.join('.') || 'feed'}: ${issue?.message ?? 'is not a release feed'}`);
  }
  return parsed.data;
}

/** Release notes as plain text (the renderer shows them as text, never as HTML), at most 4,000 characters. */
export function releaseNotesText(notes: ReleaseFeed['releaseNotes']): string | undefined {
  if (!notes) return undefined;
  const text = typeof notes === 'string' ? notes : notes.map((entry) => (entry.note ? `${entry.version}: ${entry.note}` : entry.version)).join('\n');
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return plain ? plain.slice(0, 4000) : undefined;
}

const ARCH_MARK = { ia32: /(^|[-_. ])(ia32|x86|win32)([-_. ]|$)/i, x64: /(^|[-_. ])(x64|amd64|x86_64)([-_. ]|$)/i, arm64: /(^|[-_. ])(arm64|aarch64)([-_. ]|$)/i };
const UNIVERSAL = /(^|[-_. ])universal([-_. ]|$)/i;
const hasArch = (name: string) => ARCH_MARK.ia32.test(name) || ARCH_MARK.x64.test(name) || ARCH_MARK.arm64.test(name);
const withExt = (files: readonly ReleaseFile[], ext: string) => files.filter((file) => file.url.toLowerCase().endsWith(ext));

/**
 * The installer a person downloads for one platform of spec section 3's keys, or null when the feed has none:
 * - Windows: the nsis `.exe` for that architecture; an installer without an architecture in its name holds both
 *   (electron-builder's combined x64 + ia32 installer).
 * - macOS: the `.dmg` (universal, else Intel, which also runs on Apple silicon, else Apple silicon); the `.zip` only
 *   when there is no disk image.
 * - Linux: the x64 `.AppImage` (runs on every distribution), else the `.deb`.
 */
export function pickInstaller(feed: ReleaseFeed, target: 'windows32' | 'windows64' | 'mac' | 'linux'): ReleaseFile | null {
  const { files } = feed;
  if (target === 'windows32' || target === 'windows64') {
    const exes = withExt(files, '.exe');
    const mark = target === 'windows32' ? ARCH_MARK.ia32 : ARCH_MARK.x64;
    return exes.find((file) => mark.test(file.url)) ?? exes.find((file) => !hasArch(file.url)) ?? null;
  }
  if (target === 'mac') {
    for (const group of [withExt(files, '.dmg'), withExt(files, '.zip')]) {
      const pick = group.find((file) => UNIVERSAL.test(file.url)) ?? group.find((file) => ARCH_MARK.x64.test(file.url)) ?? group.find((file) => !hasArch(file.url)) ?? group[0];
      if (pick) return pick;
    }
    return null;
  }
  const images = withExt(files, '.appimage');
  const debs = withExt(files, '.deb');
  return images.find((file) => !ARCH_MARK.arm64.test(file.url)) ?? debs.find((file) => !ARCH_MARK.arm64.test(file.url)) ?? null;
}
