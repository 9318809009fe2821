// The site server's process and its resident memory, read from /proc.
import { readFileSync, readdirSync } from "node:fs";

export const RSS_SAMPLE_MS = 50;

/** VmRSS of a process in bytes, or null when it is gone. */
export function rssOf(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The process that serves HTTP: `tsx scripts/start.ts` runs the script in a
 * child node process, so it is the member of the site's process group
 * (started detached, led by `groupLeader`) with the most memory.
 */
export function serverPid(groupLeader: number): number {
  const members = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        // Fields after the command's closing parenthesis: state, ppid, pgrp, ...
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) === groupLeader;
      } catch {
        return false;
      }
    });
  const largest = members.map((pid) => ({ pid, rss: rssOf(pid) ?? 0 })).sort((a, b) => b.rss - a.rss)[0];
  if (!largest) throw new Error(`no process found in the site's process group ${groupLeader}`);
  return largest.pid;
}

/** Samples a process's RSS every RSS_SAMPLE_MS until stopped; the peak. */
export function sampleRss(pid: number) {
  let peak = rssOf(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid) ?? 0);
  }, RSS_SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, rssOf(pid) ?? 0);
      return peak;
    },
  };
}

/** CPU time a process has used so far, in clock ticks (utime + stime), or null when it is gone. */
export function cpuTicksOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis start at field 3 (state); utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the processes have used almost no CPU for three seconds running
 * (a server that just started may still be working through its start-up
 * jobs), or `maxMs` passed; whether they settled.
 */
export async function waitUntilIdle(pids: number[], maxMs: number): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  const total = () => pids.reduce((sum, pid) => sum + (cpuTicksOf(pid) ?? 0), 0);
  let before = total();
  let quiet = 0;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = total();
    // Clock ticks are 1/100 s on Linux: under 5 a second is under 5% of a core.
    quiet = now - before < 5 ? quiet + 1 : 0;
    before = now;
    if (quiet >= 3) return true;
  }
  return false;
}
