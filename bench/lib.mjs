// Small helpers shared by the benchmarks: medians and a machine description for docs/benchmarks.md.
import os from 'node:os';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** POSTs JSON to the API (with a bearer token when given) and returns the reply; anything but 200 throws. */
export async function postJson(base, route, body, token) {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const reply = await res.json();
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(reply)}`);
  return reply;
}
