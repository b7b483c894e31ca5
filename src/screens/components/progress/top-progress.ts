/** Spec §9: the bar starts at 0.1 and trickles every 200 ms; it has no spinner. */
export const PROGRESS = { minimum: 0.1, trickleMs: 200, fadeMs: 200 } as const;

let holders = 0;
let status = 0;
let bar: HTMLElement | undefined;
let trickle: ReturnType<typeof setInterval> | undefined;

// Only writes, never a read of the layout: nprogress read offsetWidth at each of its steps (a forced
// layout while a page's code came in), and its code took 35-67 ms of a cold list load at 4× CPU.
function draw() {
  bar!.style.transform = `translateX(${((status - 1) * 100).toFixed(1)}%)`;
}

/** Runs the bar until every holder that started it has ended; returns this holder's end (a second call does nothing). */
export function startProgress(): () => void {
  holders += 1;
  if (holders === 1) {
    bar?.remove(); // the last bar, still fading
    bar = Object.assign(document.createElement('div'), { id: 'route-progress' });
    bar.setAttribute('aria-hidden', 'true');
    status = PROGRESS.minimum;
    draw();
    document.body.append(bar);
    trickle = setInterval(() => {
      status += (0.95 - status) * 0.1; // nearer the end, slower: it never claims the page is there
      draw();
    }, PROGRESS.trickleMs);
  }
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    holders -= 1;
    if (holders === 0) finish();
  };
}

function finish() {
  clearInterval(trickle);
  const done = bar!;
  status = 1;
  draw();
  done.classList.add('route-progress-done'); // the stylesheet fades it once full
  setTimeout(() => done.remove(), PROGRESS.fadeMs * 2);
}
