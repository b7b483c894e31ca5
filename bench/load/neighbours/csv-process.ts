/**
 * `node --import tsx csv-process.ts ORIGIN TOKEN UNTIL`: one person exporting the whole raw-data list as CSV again
 * and again until UNTIL (ms since the epoch), in a process of its own (as on the person's own computer): reading
 * 28 MB a go weighs on the server's machine, never on the event loop that times the lists. Prints one line of
 * JSON: the exports, lines and bytes received.
 */
const [origin, token, until] = process.argv.slice(2);
if (!origin || !token || !until) throw new Error('usage: csv-process.ts ORIGIN TOKEN UNTIL');
let done = 0;
let lines = 0;
let bytes = 0;
do {
  const response = await fetch(`${origin}/api/v1/data/bag/export`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const received = Buffer.from(read.value.buffer, read.value.byteOffset, read.value.byteLength);
    bytes += received.length;
    for (let at = received.indexOf(10); at !== -1; at = received.indexOf(10, at + 1)) lines += 1;
  }
  done += 1;
} while (Date.now() < Number(until));
console.log(JSON.stringify({ exports: done, lines, bytes }));

export {}; // a module: its awaits are at the top level
