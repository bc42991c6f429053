import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateLookalikes, resolveLookalikes } from '@riskscan/scanner';
import { DEFAULT_FAMILIES } from './loopback-zone.ts';

/**
 * Registered-name checks per second, ours against `dnstwist --registered --nameservers`, both
 * asking the same loopback DNS server (its own process, `loopback-zone.ts`) about the same
 * look-alikes (dnstwist's default families of one domain, a tenth of them registered):
 * `npm run bench:typosquat-resolve [-- --domain google.com] [--json]`.
 *
 * dnstwist takes name servers as bare IPv4 addresses (port 53), so the server binds port 53 of a
 * spare loopback address (127.53.0.1): this needs root or CAP_NET_BIND_SERVICE. dnstwist's time
 * is its command's minus the same command without DNS (`--format list`: Python start-up and
 * generation), medians of three; ours is the median of three runs after a warm-up run, with
 * the library's default of 50 names in flight. `cpu_seconds` (ours: this process; dnstwist: its
 * process, also less its start-up) does not depend on what else the machine runs; the server's
 * CPU is in neither.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = '127.53.0.1';
const RUNS = 3;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const { values } = parseArgs({
  options: {
    domain: { type: 'string', default: 'google.com' },
    concurrency: { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
  },
});
const domain = values.domain ?? 'google.com';

/** CPU seconds of this process's finished children (user and system), from /proc. */
function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After the command name: cutime and cstime are fields 16 and 17 of stat, in clock ticks.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

async function startZone(): Promise<{ child: ChildProcess; server: string; registered: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('loopback-zone.ts', import.meta.url)), domain, HOST, '53'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((done, fail) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\S+) (\d+)/.exec(output);
      if (match) done({ child, server: match[1] as string, registered: Number(match[2]) });
    });
    child.on('exit', (code) => fail(new Error(`loopback DNS exited (${code}): port 53 on ${HOST} needs root`)));
  });
}

const names = [...generateLookalikes(domain, { families: DEFAULT_FAMILIES })];
const zone = await startZone();
try {
  let registered = 0;
  let unknown = 0;
  const oursRuns: number[] = [];
  const oursCpu: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    registered = 0;
    unknown = 0;
    for await (const result of resolveLookalikes(names, { dnsServers: [zone.server], concurrency: Number(values.concurrency) })) {
      if (result.status === 'registered') registered++;
      if (result.status === 'unknown') unknown++;
    }
    // The first run warms both the server and us up.
    if (run > 0) {
      oursRuns.push(Number(process.hrtime.bigint() - started) / 1e9);
      const cpu = process.cpuUsage(cpuBefore);
      oursCpu.push((cpu.user + cpu.system) / 1e6);
    }
  }
  const oursSeconds = median(oursRuns);
  const oursCpuSeconds = median(oursCpu);

  const script = process.env.DNSTWIST_PY ?? resolve(ROOT, '../shared/reference/dnstwist/dnstwist.py');
  let theirs: { seconds: number; cpu_seconds: number; registered: number; startup_seconds?: number } | null = null;
  if (!existsSync(script)) process.stderr.write(`dnstwist not found at ${script} (set DNSTWIST_PY): measuring ours alone.\n`);
  else {
    // dnspython lives in the system Python here; DNSTWIST_PYTHON picks another interpreter.
    const python = process.env.DNSTWIST_PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
    const timed = (args: string[]) => {
      const begun = process.hrtime.bigint();
      const cpuBefore = childCpuSeconds();
      const run = spawnSync(python, [script, ...args, domain], { encoding: 'utf8', maxBuffer: 1 << 28 });
      return { run, seconds: Number(process.hrtime.bigint() - begun) / 1e9, cpu: childCpuSeconds() - cpuBefore };
    };
    // Its start-up and generation alone, taken off its registered-check time below.
    const bare = Array.from({ length: RUNS }, () => timed(['--format', 'list']));
    const startup = median(bare.map((run) => run.seconds));
    const startupCpu = median(bare.map((run) => run.cpu));
    const runs: number[] = [];
    const cpuRuns: number[] = [];
    for (let attempt = 0; attempt < RUNS; attempt++) {
      const { run, seconds, cpu } = timed(['--registered', '--nameservers', HOST, '--format', 'json']);
      runs.push(seconds - startup);
      cpuRuns.push(cpu - startupCpu);
      if (run.status !== 0) {
        process.stderr.write(`dnstwist failed: ${run.stderr.trim()}\n`);
        break;
      }
      theirs = {
        seconds: 0,
        cpu_seconds: 0,
        registered: (JSON.parse(run.stdout) as { domain: string }[]).filter((row) => row.domain !== domain).length,
      };
    }
    if (theirs) theirs = { ...theirs, seconds: median(runs), cpu_seconds: median(cpuRuns), startup_seconds: Number(startup.toFixed(3)) };
  }
  const row = {
    domain,
    names: names.length,
    zone_registered: zone.registered,
    ours: {
      seconds: Number(oursSeconds.toFixed(3)),
      cpu_seconds: Number(oursCpuSeconds.toFixed(3)),
      names_per_second: Math.round(names.length / oursSeconds),
      registered,
      unknown,
    },
    dnstwist: theirs && {
      seconds: Number(theirs.seconds.toFixed(3)),
      names_per_second: Math.round(names.length / theirs.seconds),
      cpu_seconds: Number(theirs.cpu_seconds.toFixed(3)),
      registered: theirs.registered,
      startup_seconds: theirs.startup_seconds,
    },
    ratio: theirs ? Number((theirs.seconds / oursSeconds).toFixed(1)) : null,
    cpu_ratio: theirs ? Number((theirs.cpu_seconds / oursCpuSeconds).toFixed(1)) : null,
  };
  if (values.json) process.stdout.write(`${JSON.stringify(row)}\n`);
  else {
    console.log(
      `machine: ${cpus()[0]?.model ?? 'unknown'}, ${availableParallelism()} cores, node ${process.version}, load ${loadavg()[0]?.toFixed(1)}`,
    );
    console.log(JSON.stringify(row, null, 2));
  }
} finally {
  zone.child.kill('SIGTERM');
}
