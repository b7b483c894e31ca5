/**
 * Put into a page before React loads (bench/commit-log.ts): React's devtools hook, which production
 * React calls at every commit. It records each commit's time and the parts of the page rendered again
 * in it, and every hook setter called, with its stack, so that the setters called inside a commit can
 * be told apart: a state change there makes React render again synchronously, in the commit's own task.
 * A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
 */
export const COMMIT_HOOK = `(() => {
  const log = (window.__commitLog = { commits: [], setters: [] });
  const hostOf = (fiber) => {
    for (let at = fiber; at; at = at.child) if (typeof at.type === 'string') return at.type + '.' + String(at.memoizedProps?.className ?? '').split(' ')[0];
    return '?';
  };
  const partOf = (fiber) => {
    const path = [];
    for (let at = fiber.return; at && path.length < 3; at = at.return)
      if (typeof at.type === 'string' && String(at.memoizedProps?.className ?? '').startsWith('edp-')) path.push(String(at.memoizedProps.className).split(' ')[0]);
    return path.join('<') || 'root';
  };
  let previous = new WeakSet();
  const wrapped = new WeakMap();
  const wrap = (set) => {
    if (typeof set !== 'function') return set;
    if (!wrapped.has(set)) wrapped.set(set, function () { log.setters.push({ at: performance.now(), stack: new Error().stack }); return set.apply(this, arguments); });
    return wrapped.get(set);
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, setStrictMode() {},
    inject(internals) {
      // Every dispatcher React installs gets setters that report their calls.
      const shared = internals.currentDispatcherRef;
      const seen = new WeakSet();
      let current = shared.H;
      Object.defineProperty(shared, 'H', { configurable: true, get: () => current, set(next) {
        if (next && !seen.has(next)) {
          seen.add(next);
          for (const name of ['useState', 'useReducer']) {
            const original = next[name];
            next[name] = function () { const pair = original.apply(this, arguments); return [pair[0], wrap(pair[1])]; };
          }
        }
        current = next;
      } });
      return 1;
    },
    onCommitFiberRoot(_renderer, root) {
      // Rendered in this commit: a fiber object the last commit's tree did not hold, that did work.
      const parts = new Map();
      let fibers = 0;
      const now = new WeakSet();
      const walk = (first) => {
        for (let fiber = first; fiber; fiber = fiber.sibling) {
          now.add(fiber);
          const composite = typeof fiber.type === 'function' || (fiber.type && typeof fiber.type === 'object');
          if (composite && fiber.alternate && !previous.has(fiber) && fiber.flags & 1) {
            fibers += 1;
            const key = partOf(fiber) + ' ' + hostOf(fiber);
            parts.set(key, (parts.get(key) ?? 0) + 1);
          }
          if (fiber.child) walk(fiber.child);
        }
      };
      walk(root.current);
      previous = now;
      log.commits.push({ at: performance.now(), fibers, parts: [...parts].sort((a, b) => b[1] - a[1]).slice(0, 8) });
    },
  };
})();`;
