import type { Accept } from 'react-dropzone';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MEGABYTES } from '../../../shared/limits';
import { KIT_MESSAGES } from '../../../shared/validation/kit-messages';

/** A file of the uploader (spec section 3): a new local file, or one already stored, with its url, name and id. */
export type UploadFile = { obj: File } | { url: string; fileName: string; _id: string };

/** Spec section 5: the file type patterns. Each kind maps MIME types to the extensions the picker offers. */
export const FILE_TYPES = {
  images: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/gif': ['.gif'], 'image/webp': ['.webp'], 'image/svg+xml': ['.svg'], 'image/bmp': ['.bmp'] },
  video: { 'video/mp4': ['.mp4'], 'video/webm': ['.webm'], 'video/quicktime': ['.mov'], 'video/x-msvideo': ['.avi'], 'video/x-matroska': ['.mkv'] },
  audio: { 'audio/mpeg': ['.mp3'], 'audio/wav': ['.wav'], 'audio/ogg': ['.ogg'], 'audio/aac': ['.aac'], 'audio/mp4': ['.m4a'] },
  documents: {
    'application/pdf': ['.pdf'],
    'application/msword': ['.doc'],
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
    'text/plain': ['.txt'],
    'application/rtf': ['.rtf'],
    'application/vnd.oasis.opendocument.text': ['.odt'],
    'application/vnd.ms-powerpoint': ['.ppt'],
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  },
  excel: {
    'application/vnd.ms-excel': ['.xls'],
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
    'text/csv': ['.csv'],
  },
  zip: { 'application/zip': ['.zip'], 'application/x-zip-compressed': ['.zip'] },
  /** A CSV file alone, for an upload that reads nothing else (the admin console's invitation list). */
  csv: { 'text/csv': ['.csv'] },
  /** The images every browser shows and the portal stores (a logo): no SVG, which can carry script, and no BMP. */
  webImages: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/gif': ['.gif'], 'image/webp': ['.webp'] },
} as const satisfies Record<string, Accept>;
export type FileKind = keyof typeof FILE_TYPES;
export const ALL_FILE_KINDS = Object.keys(FILE_TYPES) as FileKind[];

/** Spec section 5: never accepted, whatever the kinds. */
export const EXCLUDED_EXTENSIONS = ['exe', 'dmg', 'msi'] as const;

/** Spec section 5: the document types that get a preview badge (images get a thumbnail). */
export const PREVIEW_TYPES = ['pdf', 'xls', 'xlsx', 'doc', 'docx', 'txt', 'zip'] as const;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** What react-dropzone's picker should offer for these kinds. */
export function acceptFor(kinds: readonly FileKind[]): Accept {
  const accept: Record<string, string[]> = {};
  for (const kind of kinds) for (const [mime, extensions] of Object.entries(FILE_TYPES[kind])) accept[mime] = [...(accept[mime] ?? []), ...extensions];
  return accept;
}

/** Whether a file is of one of the kinds: by extension (browsers disagree on MIME types), never an excluded one. */
export function isAllowedType(file: { name: string }, kinds: readonly FileKind[]): boolean {
  const extension = extensionOf(file.name);
  if (!extension || (EXCLUDED_EXTENSIONS as readonly string[]).includes(extension)) return false;
  return kinds.some((kind) => Object.values(FILE_TYPES[kind]).some((extensions) => (extensions as readonly string[]).includes(`.${extension}`)));
}

export interface UploadLimits {
  maxFiles?: number;
  maxMegabytes?: number;
  kinds?: readonly FileKind[];
}

/**
 * Checks files being added to `alreadyThere` files, in the order the spec's messages rank: an unsupported type,
 * then too many files, then one too large. Returns the first message, or null when all can be added.
 */
export function checkFiles(files: readonly File[], alreadyThere: number, { maxFiles = UPLOAD_MAX_FILES, maxMegabytes = UPLOAD_MAX_MEGABYTES, kinds = ALL_FILE_KINDS }: UploadLimits = {}): string | null {
  if (files.some((file) => !isAllowedType(file, kinds))) return KIT_MESSAGES.unsupportedFile;
  if (alreadyThere + files.length > maxFiles) return KIT_MESSAGES.tooManyFiles(maxFiles);
  if (files.some((file) => file.size > maxMegabytes * 1024 * 1024)) return KIT_MESSAGES.filesTooLarge(maxMegabytes);
  return null;
}

/** How a file is previewed: a thumbnail for images, a type badge for the preview types, else nothing. */
export function previewKind(name: string): 'image' | 'document' | null {
  const extension = extensionOf(name);
  if (Object.values(FILE_TYPES.images).some((extensions) => (extensions as readonly string[]).includes(`.${extension}`))) return 'image';
  return (PREVIEW_TYPES as readonly string[]).includes(extension) ? 'document' : null;
}

export function uploadFileName(file: UploadFile): string {
  return 'obj' in file ? file.obj.name : file.fileName;
}

/**
 * Reads a local file as a data URL (an image's thumbnail). Spec section 8: when the file is gone (NotFoundError:
 * moved or deleted after it was picked) the promise is rejected with a message the user can act on.
 */
export function readFileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () =>
      reject(
        new Error(
          reader.error?.name === 'NotFoundError'
            ? `"${file.name}" could not be read: it was moved or deleted after you chose it. Choose it again.`
            : `"${file.name}" could not be read.`,
        ),
      );
    reader.readAsDataURL(file);
  });
}
