import CMS from 'decap-cms-app';

/**
 * Decap's GitHub backend, kept to pull requests. With the editorial
 * workflow, an entry and the pictures chosen in it are saved on a branch of
 * their own and reach `main` only by a checked, previewed pull request. Three
 * things Decap would otherwise commit straight onto `main`, unchecked: a
 * picture uploaded from the Médias tab, a file deleted there (also when a new
 * upload replaces one of the same name), and an entry deleted once published.
 * This backend refuses them, saying what to do instead; the configuration
 * hides the delete button too (scripts/cms-config.mjs, `delete: false`).
 */
const NO_UPLOAD =
  'Ajoutez une image depuis l’entrée qui l’affiche (son champ Image) : elle passe alors par une demande de modification vérifiée. / Add a picture from the entry that shows it (its image field): it then goes through a checked pull request.';
const NO_DIRECT = 'L’éditeur enregistre seulement par une demande de modification. / The editor saves through a pull request only.';
const NO_DELETE =
  'L’éditeur ne supprime rien directement sur le site. Pour retirer un fichier, passez par l’éditeur web de GitHub (docs/content.md, « Without the editor »). / The editor deletes nothing straight on the site. To remove a file, use GitHub’s web editor (docs/content.md, “Without the editor”).';

interface Backend {
  persistEntry(entry: unknown, options: { useWorkflow?: boolean }): Promise<unknown>;
  persistMedia(file: unknown, options: { useWorkflow?: boolean }): Promise<unknown>;
  deleteFiles(paths: string[], message: string): Promise<unknown>;
}

/** Registers, under `name` (the configuration's `backend.name`, scripts/cms-config.mjs), GitHub's backend kept to pull requests. */
export function registerPullRequestsOnly(name: string) {
  const github = CMS.getBackend('github');
  if (!github) throw new Error('client/cms/backend.ts: decap-cms-app registers no github backend');
  const init = github.init as (...args: unknown[]) => Backend;
  // Decap calls it with `new` (so a function, not an arrow): the object a constructor returns is the instance.
  CMS.registerBackend(name, function backendKeptToPullRequests(...args: unknown[]) {
    return pullRequestsOnly(init(...args));
  } as never);
}

/** The backend, its writes outside a pull request refused. */
function pullRequestsOnly(backend: Backend): Backend {
  const persistEntry = backend.persistEntry.bind(backend);
  const persistMedia = backend.persistMedia.bind(backend);
  backend.persistEntry = (entry, options) => (options?.useWorkflow ? persistEntry(entry, options) : Promise.reject(new Error(NO_DIRECT)));
  backend.persistMedia = (file, options) => (options?.useWorkflow ? persistMedia(file, options) : Promise.reject(new Error(NO_UPLOAD)));
  backend.deleteFiles = () => Promise.reject(new Error(NO_DELETE));
  return backend;
}
