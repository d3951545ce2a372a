import { execFileSync } from 'node:child_process';
import { cp, mkdir, readdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** What content/ holds besides its code (content/*.ts): the association's files, each collection's. */
async function contentFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => !name.endsWith('.ts'));
}

/**
 * A copy of the repository as a clone has it (tracked and new, not ignored
 * files; node_modules linked, not copied) in `dest`, with the data files of
 * content/ replaced by those of `content` when given: what a maintainer or
 * the pipeline would run the commands on.
 */
export async function copyOfRepository(dest: string, { content }: { content?: string } = {}): Promise<string> {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    if (content && file.startsWith('content/') && !file.endsWith('.ts')) continue;
    await mkdir(path.dirname(path.join(dest, file)), { recursive: true });
    // A file deleted but not yet committed is listed and missing: skip it, as a clone of the working tree would.
    await cp(path.join(root, file), path.join(dest, file)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }
  if (content) {
    for (const name of await contentFiles(content)) {
      if (name === 'README.md') continue;
      await rm(path.join(dest, 'content', name), { recursive: true, force: true });
      await cp(path.join(content, name), path.join(dest, 'content', name), { recursive: true });
    }
  }
  await symlink(path.join(root, 'node_modules'), path.join(dest, 'node_modules'), 'dir');
  return dest;
}
