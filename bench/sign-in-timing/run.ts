/**
 * Does sign-in take as long for an unknown e-mail as for a wrong password? Runs the real app on
 * PGlite and times POST /api/v1/login/ for three kinds of attempt, interleaved so load and
 * warm-up hit all three alike. Usage: node --import tsx bench/sign-in-timing/run.ts [rounds]
 */
import { performance } from 'node:perf_hooks';
import { createTestApp, createUser } from '@riskscan/server/testing';

const rounds = Number(process.argv[2] ?? 40);
const t = await createTestApp();
const users = await Promise.all(Array.from({ length: rounds }, () => createUser(t.app)));

const kinds = {
  'unknown e-mail': (i: number) => ({ email: `nobody-${i}@example.test`, password: 'Wrong!pass1' }),
  'wrong password': (i: number) => ({ email: users[i]!.email, password: 'Wrong!pass1' }),
  'right password': (i: number) => ({ email: users[i]!.email, password: users[i]!.password }),
};
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));

for (let i = 0; i < rounds; i++) {
  for (const [kind, payload] of Object.entries(kinds)) {
    const started = performance.now();
    // A fresh address per attempt keeps the per-IP back-off out of the measurement.
    await t.app.inject({ method: 'POST', url: '/api/v1/login/', payload: payload(i), remoteAddress: `10.9.${i}.${kind.length}` });
    samples[kind]!.push(performance.now() - started);
  }
}
await t.close();

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;
console.log(`| attempt | median ms | p90 ms |  (${rounds} rounds)`);
console.log('|---|---|---|');
for (const [kind, values] of Object.entries(samples)) {
  console.log(`| ${kind} | ${quantile(values, 0.5).toFixed(1)} | ${quantile(values, 0.9).toFixed(1)} |`);
}
