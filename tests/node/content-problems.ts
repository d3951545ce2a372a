// @ts-expect-error: a plain .mjs build script without types
import { ContentError, loadContent } from '../../scripts/content.mjs';

/** What the content build says about a content folder at `dir`: one line per problem (`file:line: field: what to do`), none when it builds. */
export async function problemsOf(dir: string): Promise<string[]> {
  try {
    await loadContent({ dir });
  } catch (e) {
    if (e instanceof ContentError) return (e as unknown as { problems: object[] }).problems.map(String);
    throw e;
  }
  return [];
}
