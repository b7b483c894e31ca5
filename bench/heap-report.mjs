// Preloaded into the server by `npm run bench:load` (NODE_OPTIONS=--import, as bench/cpu-profile.mjs):
// every BENCH_HEAP_EVERY_MS it prints one line `bench-heap {…process.memoryUsage()}`, the V8 heap that
// /proc cannot show from outside.
const every = Number(process.env.BENCH_HEAP_EVERY_MS);
if (every > 0) {
  const report = () => console.log(`bench-heap ${JSON.stringify(process.memoryUsage())}`);
  report();
  setInterval(report, every).unref();
}
