// Small helpers shared by the benchmarks: medians and a machine description for docs/benchmarks.md.
import { readFileSync, readdirSync } from 'node:fs';
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

const TICKS = 100; // USER_HZ on Linux

function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After "pid (comm) ": state is field 3, utime 14, stime 15, cutime 16, cstime 17 (1-based, proc(5)).
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds a process has used (user + system); `children` adds what its exited, reaped children used. */
export function cpuSeconds(pid = process.pid, { children = false } = {}) {
  const f = statFields(pid);
  const own = Number(f[11]) + Number(f[12]);
  return (children ? own + Number(f[13]) + Number(f[14]) : own) / TICKS;
}

/** CPU seconds used by a process's exited children that it has reaped (a load generator or pgbench run as its child). */
export function reapedCpuSeconds(pid = process.pid) {
  const f = statFields(pid);
  return (Number(f[13]) + Number(f[14])) / TICKS;
}

/** CPU seconds the whole machine has been busy, all cores (/proc/stat: every state but idle and iowait). */
export function machineBusySeconds() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is inside user)
  return (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]) / TICKS;
}

/**
 * CPU seconds the local PostgreSQL server has used: every live postgres process, plus what the postmaster's exited
 * backends used (it reaps them, so their time lands in its children's counters: pgbench's connections end with it).
 */
export function postgresCpuSeconds() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const f = statFields(pid);
      const parent = Number(f[1]);
      const parentIsPostgres = readFileSync(`/proc/${parent}/comm`, 'utf8').trim() === 'postgres';
      total += cpuSeconds(pid, { children: !parentIsPostgres });
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Runs `work` and returns its result with the CPU seconds this process (and its exited children) and PostgreSQL used. */
export async function withCpu(work) {
  const self0 = cpuSeconds(process.pid, { children: true });
  const pg0 = postgresCpuSeconds();
  const result = await work();
  const self = cpuSeconds(process.pid, { children: true }) - self0;
  const pg = postgresCpuSeconds() - pg0;
  return { result, clientSeconds: self, postgresSeconds: pg };
}

/**
 * The machine's speed as Lighthouse rates it (its BenchmarkIndex: Lighthouse's own function, run in Debian's
 * Chromium the way Lighthouse runs it in the page; median of three): figures taken on different machines are
 * compared through it.
 */
export async function speedIndex() {
  const { chromium } = await import('playwright-core');
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    const runs = [];
    for (let i = 0; i < 3; i += 1) runs.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`));
    return Math.round(median(runs));
  } finally {
    await browser.close();
  }
}
