import { useEffect, useState } from 'react';

let waiting: (() => void)[] = [];
let scheduled = false;

/** One waiting callback per task: what each sets off (React drawing one component anew) is then a short task of its own, not one long one. */
function drain() {
  waiting.shift()?.();
  if (waiting.length) setTimeout(drain);
  else scheduled = false;
}

/** Runs `callback` in a task after the browser has painted the frame being prepared. */
function afterNextPaint(callback: () => void): () => void {
  waiting.push(callback);
  if (!scheduled) {
    scheduled = true;
    const nextFrame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (run: () => void) => setTimeout(run, 16);
    nextFrame(() => setTimeout(drain)); // an animation frame comes just before a paint; a task queued in it runs after that paint
  }
  return () => {
    waiting = waiting.filter((run) => run !== callback);
  };
}

/** False while a component's first frame is being drawn, true from a task after it was painted (always false unless `wanted`). */
export function useAfterPaint(wanted: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (wanted ? afterNextPaint(() => setPainted(true)) : undefined), [wanted]);
  return painted;
}
