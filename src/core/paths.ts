import path from 'node:path';

/** The parts of `node:path` a resolution needs: `path.posix` or `path.win32` in tests. */
export type PathFlavour = Pick<typeof path, 'isAbsolute' | 'resolve' | 'normalize'>;

/**
 * A path a user gave (`changelog-file`, `--api-key-file`): as written when absolute (`/…`,
 * `C:\…`, `\\server\share\…`), else relative to `base` (the workspace or the current directory).
 */
export function resolveFrom(base: string, file: string, flavour: PathFlavour = path): string {
  return flavour.isAbsolute(file) ? flavour.normalize(file) : flavour.resolve(base, file);
}
