import type { Runner } from './runner';

/** A runner loaded at its first use: a server running tasks locally never loads the Kubernetes client. */
export function lazyRunner(kind: Runner['kind'], load: () => Promise<Runner>): Runner {
  let loaded: Promise<Runner> | undefined;
  const runner = () => (loaded ??= load());
  return {
    kind,
    start: async (spec, sink) => (await runner()).start(spec, sink),
    reattach: async (spec, sink, since) => (await runner()).reattach(spec, sink, since),
    stop: async (spec) => (await runner()).stop(spec),
  };
}
