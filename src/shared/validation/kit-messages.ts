/**
 * The texts of the shared interface kit (spec sections 5 and 8), word for word. Apart from MESSAGES so the sign-in
 * screens, which use none of them, do not carry them.
 */
export const KIT_MESSAGES = {
  minChars: (count: number) => `Please enter at least ${count} characters.`,
  maxChars: (count: number) => `Please enter at most ${count} characters.`,
  /** The default dialog (spec section 8), with MESSAGES.somethingWrong. */
  oopsTitle: 'Oops!!',
  /** The modal's close confirmation, default texts (spec section 8). */
  closeConfirmTitle: 'Something went wrong.',
  closeConfirmText: 'Are you sure want to close Import Employee sheet?',
  noData: 'No data to display',
  linkCopied: (label: string) => `${label} link copied to clipboard.`,
  /** The same confirmation for a value that is not a link (a generated password). */
  valueCopied: (label: string) => `${label} copied to clipboard.`,
  confirmType: (word: string) => `Please Type ${word}`,
  applyToCompany: 'apply the change for all the company',
  filesTooLarge: (megabytes: number) => `Files must smaller than ${megabytes}MB!`,
  tooManyFiles: (count: number) => `You can upload only ${count} files at a time.`,
  unsupportedFile: 'Unsupported File.',
} as const;
