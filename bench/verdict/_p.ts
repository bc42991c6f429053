import { readFileSync } from 'node:fs';
import { createVerdictEngine, isVerdictError } from '@riskscan/scanner';
const e = createVerdictEngine();
const lines = readFileSync('/tmp/pop.txt','utf8').trim().split('\n');
let n=0; for (const d of lines) { const v = e.verdict(d); if (isVerdictError(v)) continue; if (v.risk_score>=40) console.log(v.risk_score, d, v.reasons.slice(0,3).map(r=>r.code).join(',')); if (v.risk_score>=60) n++; }
console.log(n, lines.length);
