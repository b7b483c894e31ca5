/**
 * Figure 6: how many sequential request steps the list's data request waits for.
 *
 * From the Resource Timing of a cold load (the navigation entry for the document, start 0, and every
 * resource entry, start = startTime, when the browser asked for it, end = responseEnd), a request's
 * step is 1 + the highest step among the requests that had ended before it started (the document is
 * step 1): the longest chain of requests each starting only after the previous one had ended. That
 * is the waterfall's depth by timing, an upper bound of the real dependency depth: a request ending
 * just before an unrelated one starts can make one step too many, which is why images (the favicon),
 * which no script waits for, are left out. What the document's parser asked for (its scripts,
 * preloads and stylesheets; `byParser`, from the DevTools protocol's initiator) is step 2 whatever
 * its timing: it depends on the document alone, yet the browser holds some of it back while the rest
 * loads (six connections to a host; low priority while the head loads), which timing alone took for
 * a step after the others. Steps before data = step of the first `/api/v1/data/bag/query` − 1 (goal:
 * document, then what it names, then the data).
 */
export interface Timing {
  url: string;
  type: string;
  start: number;
  end: number;
  /** Asked for by the document's parser (see above); Resource Timing does not say. */
  byParser?: boolean;
}

export interface Step {
  step: number;
  start: number;
  end: number;
  /** The request of this step the next one is chained to, then the others of the step that ended before the data request left. */
  chained: Timing;
  others: Timing[];
}

export function requestSteps(timing: Timing[], dataPath = '/api/v1/data/bag/query'): { steps: number; chain: Step[]; data: Timing } {
  const data = timing.filter((entry) => entry.url.includes(dataPath)).sort((a, b) => a.start - b.start)[0];
  if (!data) throw new Error(`no ${dataPath} request in the timing`);
  const candidates = timing
    .filter((entry) => entry !== data && entry.start <= data.start && entry.type !== 'img' && !/favicon/.test(entry.url))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const depth = new Map<Timing, number>();
  const depthOf = (request: Timing) =>
    1 + Math.max(0, ...candidates.filter((other) => other !== request && other.end <= request.start).map((other) => depth.get(other) ?? 0));
  for (const request of candidates) depth.set(request, request.type === 'document' ? 1 : request.byParser ? 2 : depthOf(request));
  const dataDepth = depthOf(data);

  const chain: Step[] = [];
  let after = data;
  for (let step = dataDepth - 1; step >= 1; step -= 1) {
    const level = candidates.filter((request) => depth.get(request) === step && request.end <= after.start);
    // the one most likely holding the next step back: the last to end
    const chained = level.reduce((latest, request) => (request.end > latest.end ? request : latest), level[0]!);
    const whole = candidates.filter((request) => depth.get(request) === step && request.end <= data.start);
    chain.unshift({
      step,
      start: Math.min(...whole.map((request) => request.start)),
      end: Math.max(...whole.map((request) => request.end)),
      chained,
      others: whole.filter((request) => request !== chained),
    });
    after = chained;
  }
  return { steps: dataDepth - 1, chain, data };
}

const short = (url: string) => {
  const { pathname, search } = new URL(url);
  return (pathname + search).replace(/^\/app\/assets\//, '');
};

export function printChain({ chain, data }: ReturnType<typeof requestSteps>) {
  const ms = (value: number) => value.toFixed(0).padStart(5);
  for (const step of chain) {
    const others = step.others.length
      ? `  (+${step.others.length}: ${step.others
          .slice(0, 4)
          .map((request) => short(request.url))
          .join(', ')}${step.others.length > 4 ? ', …' : ''})`
      : '';
    console.log(
      `  step ${step.step}  ${ms(step.start)} – ${ms(step.end)} ms  ${short(step.chained.url)}  [${ms(step.chained.start)} – ${ms(step.chained.end)}]${others}`,
    );
  }
  console.log(`  data    ${ms(data.start)} – ${ms(data.end)} ms  ${short(data.url)}`);
}
