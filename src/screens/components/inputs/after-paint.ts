import { startTransition, useEffect, useState } from 'react';

/** Callbacks waiting for the next frame to be painted, and those whose frame has been: run one per task. */
let waiting: (() => void)[] = [];
let painted: (() => void)[] = [];
let frameAsked = false;

/** One callback per task: what each sets off (React drawing one component anew) is then a short task of its own, not one long one. */
function drain() {
  painted.shift()?.();
  if (painted.length) setTimeout(drain);
}

/**
 * Runs `callback` in a task after the browser has painted the frame being prepared. One asked for after
 * that frame's animation callbacks ran waits for the next frame, not for the tasks queued for this one.
 */
function afterNextPaint(callback: () => void): () => void {
  waiting.push(callback);
  if (!frameAsked) {
    frameAsked = true;
    const nextFrame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (run: () => void) => setTimeout(run, 16);
    nextFrame(() => {
      frameAsked = false;
      const idle = painted.length === 0;
      painted.push(...waiting);
      waiting = [];
      if (idle) setTimeout(drain); // an animation frame comes just before a paint; a task queued in it runs after that paint
    });
  }
  return () => {
    waiting = waiting.filter((run) => run !== callback);
    painted = painted.filter((run) => run !== callback);
  };
}

/**
 * False while a component's first frame is being drawn, true from a task after it was painted (always
 * false unless `wanted`). Made true in a transition: React then draws what it gates in slices, yielding
 * to the browser between them, and only the commit is one task (the shell's menus took a task of 50–70 ms
 * each at 4× CPU, made at once).
 */
export function useAfterPaint(wanted: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (wanted ? afterNextPaint(() => startTransition(() => setPainted(true))) : undefined), [wanted]);
  return painted;
}
