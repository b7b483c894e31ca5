import { build, type InlineConfig, type Rollup } from 'vite';
import { BOOT, SHELL, SIGN_IN, SIGNED_IN } from './route-roots.ts';

type Chunk = Rollup.OutputChunk;

/** The chunks a signed-in route loads besides the entry's. */
export const SHARED = 'shared';
export const SIGNED_IN_CHUNK = 'signed-in';
export const LIST_CHUNK = 'list';

/** The chunks loaded with the roots' own: theirs and everything they import statically, however deep. */
function loadedWith(chunks: Chunk[], roots: string[]) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // a root that others import statically too may sit in a chunk of theirs, not one of its own
  const queue = roots.map((root) => chunks.find((chunk) => chunk.facadeModuleId === root) ?? chunks.find((chunk) => root in chunk.modules) ?? missing(root));
  const seen = new Set<Chunk>();
  for (let chunk = queue.pop(); chunk; chunk = queue.pop()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    queue.push(...chunk.imports.map((file) => byFile.get(file)!));
  }
  return seen;
}

const missing = (root: string): never => {
  throw new Error(`route-chunks: no chunk of ${root} (was it renamed?)`);
};

const modulesOf = (chunks: Iterable<Chunk>) => new Set([...chunks].flatMap((chunk) => Object.keys(chunk.modules)));

/** The console's chunks as the default split makes them (built in memory; the app's build only, not its workers'). */
async function defaultChunks(config: InlineConfig): Promise<Chunk[]> {
  let found: Chunk[] = [];
  const probe = {
    name: 'edp-route-chunks-probe',
    generateBundle(_options: unknown, bundle: Rollup.OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
      if (chunks.some((chunk) => chunk.facadeModuleId === SIGN_IN[0])) found = chunks;
    },
  };
  await build({ ...config, configFile: false, logLevel: 'silent', plugins: [...(config.plugins ?? []), probe], build: { ...config.build, write: false } });
  return found;
}

/**
 * Chunks by route rather than by every combination of importers. Split the default way,
 * a cold list fetched about 90 scripts, six at a time, each costing the browser a few ms. Which
 * modules a route loads is read from that default split (so after tree-shaking: a barrel such as
 * antd's index names every component, a route uses a few); then the modules a signed-in list
 * loads and the sign-in page does not become two chunks, the shell's ("signed-in") and then the
 * generated list page's own ("list"), and those both load another ("shared"). The sign-in page loads
 * none of the former. "shared" comes first: a group takes its modules' dependencies along, and those
 * of "signed-in" that sign-in loads must stay out of it. Before all of them, a chunk for each root the
 * entry imports at start (BOOT), each holding what the roots before it did not. Each chunk imported
 * on its own is evaluated in a task of its own: the entry's evaluation, one task of 100–170 ms at
 * 4× CPU, became four of 15–60, and the shell's and the list page's, one of 105–125, two.
 */
export async function routeChunkGroups(config: InlineConfig) {
  const chunks = await defaultChunks(config);
  // what the entry loads; then what each boot root adds to all that came before it
  const loaded = loadedWith(
    chunks,
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.facadeModuleId!),
  );
  const boot = BOOT.map(({ chunk: name, root }) => {
    const added = [...loadedWith(chunks, [root])].filter((chunk) => !loaded.has(chunk));
    added.forEach((chunk) => loaded.add(chunk));
    const modules = modulesOf(added);
    return { name, test: (id: string) => modules.has(id) };
  });
  const signIn = loadedWith(chunks, SIGN_IN);
  const signedIn = [...loadedWith(chunks, SIGNED_IN)].filter((chunk) => !loaded.has(chunk));
  const shared = modulesOf(signedIn.filter((chunk) => signIn.has(chunk)));
  const shell = loadedWith(chunks, SHELL);
  const shellOnly = modulesOf(signedIn.filter((chunk) => !signIn.has(chunk) && shell.has(chunk)));
  const listOnly = modulesOf(signedIn.filter((chunk) => !signIn.has(chunk) && !shell.has(chunk)));
  return [
    ...boot,
    { name: SHARED, test: (id: string) => shared.has(id) },
    { name: SIGNED_IN_CHUNK, test: (id: string) => shellOnly.has(id) },
    { name: LIST_CHUNK, test: (id: string) => listOnly.has(id) },
  ];
}
