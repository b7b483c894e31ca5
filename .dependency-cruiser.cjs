/**
 * The floors that imports obey (docs/architecture.md): model < providers < boot < screens < root.
 * A floor imports only itself and the floors below it; the server and the command-line tools stand
 * beside the console on the model and never reach React; nothing imports in a circle.
 */
const FLOORS = ['model', 'src/providers', 'src/boot', 'src/screens', 'src/root'];
const REACT = '^node_modules/(react|react-dom|antd|@ant-design|@refinedev|rc-[^/]+|@rc-component|react-router|react-i18next|@monaco-editor)/';

/** Each floor may not import from any floor above it. */
const climbs = FLOORS.slice(0, -1).map((floor, index) => ({
  name: `no-climb-from-${floor.replace('/', '-')}`,
  comment: `${floor} sits below ${FLOORS.slice(index + 1).join(', ')}: it may not import from them.`,
  severity: 'error',
  from: { path: `^${floor}/` },
  to: { path: `^(${FLOORS.slice(index + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    ...climbs,
    {
      name: 'no-circular',
      comment: 'An import circle makes two files one: neither can be read, tested or moved alone. Type-only imports aside.',
      severity: 'error',
      from: { path: '^(model|src|server|cli)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'model-is-pure-data',
      comment: 'The model is shared by the console and the server: it imports nothing of either.',
      severity: 'error',
      from: { path: '^model/' },
      to: { path: '^(src|server|cli|scripts|bench)/' },
    },
    {
      name: 'server-beside-the-console',
      comment: 'The server and the command-line tools stand on the model alone, never on the console.',
      severity: 'error',
      from: { path: '^(server|cli)/' },
      to: { path: '^src/' },
    },
    {
      name: 'no-react-below-the-console',
      comment: 'Nothing shared with the server, nor the server itself, reaches React or antd.',
      severity: 'error',
      from: { path: '^(model|server|cli)/' },
      to: { path: REACT, reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.d.ts', '.json'],
    },
    exclude: { path: ['^node_modules', '^dist'] },
  },
};
