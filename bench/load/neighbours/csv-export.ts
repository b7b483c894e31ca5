import type { Neighbour } from '../fairness';

/** One person exporting the whole raw-data list as CSV (the server stops at its cap, EXPORT_CAP rows), again and again until the time is up. */
export function csvExport(origin: string, token: string): Neighbour {
  return {
    name: 'CSV export of the raw-data list',
    prepare: async () => {},
    run: async (until) => {
      const from = Date.now();
      let exports = 0;
      let lines = 0;
      let bytes = 0;
      do {
        const response = await fetch(`${origin}/api/v1/data/bag/export`, { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
        const reader = response.body.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          bytes += read.value.length;
          for (const byte of read.value) if (byte === 10) lines += 1;
        }
        exports += 1;
      } while (Date.now() < until);
      const seconds = (Date.now() - from) / 1000;
      const did = `${exports} exports of ${Math.round(lines / exports - 1).toLocaleString('en')} rows, ${(bytes / exports / 1e6).toFixed(1)} MB, ${(seconds / exports).toFixed(1)} s each`;
      return { windows: [{ label: '', from, to: Date.now() }], did };
    },
  };
}
