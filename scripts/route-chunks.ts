import { build, type InlineConfig, type Rollup } from 'vite';
import { SIGN_IN, SIGNED_IN } from './route-roots.ts';

type Chunk = Rollup.OutputChunk;

/** The chunks a signed-in route loads besides the entry's. */
export const SHARED = 'shared';
export const SIGNED_IN_CHUNK = 'signed-in';

/** The chunks loaded with the roots' own: theirs and everything they import statically, however deep. */
function loadedWith(chunks: Chunk[], roots: string[]) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const queue = roots.map((root) => chunks.find((chunk) => chunk.facadeModuleId === root) ?? missing(root));
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
 * Chunks by route rather than by every combination of importers (issue #11). Split the default way,
 * a cold list fetched about 90 scripts, six at a time, each costing the browser a few ms. Which
 * modules a route loads is read from that default split (so after tree-shaking: a barrel such as
 * antd's index names every component, a route uses a few); then the modules a signed-in list
 * loads and the sign-in page does not become one chunk ("signed-in"), and those both load another
 * ("shared"). The sign-in page loads none of the former; the entry's own chunk stays as it is.
 * "shared" comes first: a group takes its modules' dependencies along, and those of "signed-in"
 * that sign-in loads must stay out of it.
 */
export async function routeChunkGroups(config: InlineConfig) {
  const chunks = await defaultChunks(config);
  const entry = loadedWith(
    chunks,
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.facadeModuleId!),
  );
  const signIn = loadedWith(chunks, SIGN_IN);
  const signedIn = [...loadedWith(chunks, SIGNED_IN)].filter((chunk) => !entry.has(chunk));
  const shared = modulesOf(signedIn.filter((chunk) => signIn.has(chunk)));
  const signedInOnly = modulesOf(signedIn.filter((chunk) => !signIn.has(chunk)));
  return [
    { name: SHARED, test: (id: string) => shared.has(id) },
    { name: SIGNED_IN_CHUNK, test: (id: string) => signedInOnly.has(id) },
  ];
}
