import { readFileSync, readlinkSync } from 'node:fs';

// Linux counts a thread's CPU in clock ticks of 10 ms (USER_HZ is 100 on every architecture it ships).
const MS_PER_TICK = 10;

/**
 * Where Linux keeps the calling thread's own counters (`/proc/<pid>/task/<tid>/stat`), for its
 * runner to read; null where there is no /proc to read it from.
 */
export function ownThreadStat(): string | null {
  try {
    return `/proc/${readlinkSync('/proc/thread-self')}/stat`;
  } catch {
    return null;
  }
}

/** The CPU time (user and system) a thread has used so far, from its stat file; null once it is gone. */
export function threadCpuMs(statPath: string): number | null {
  try {
    // The fields after the command's closing parenthesis: state is [0], utime [11], stime [12].
    const fields = readFileSync(statPath, 'utf8').split(') ').at(-1)!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return null;
  }
}
