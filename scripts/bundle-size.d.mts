/** What a built page loads before its first paint, in gzip bytes (see bundle-size.mjs). */
export function entryClosure(outDir: string, also?: string[]): { jsFiles: string[]; cssFiles: string[]; jsGzipBytes: number; cssGzipBytes: number };
