// Checks docs/decisions/: every record file has a `# NNN Title` heading with its own number, a
// `Status:` and a `Date: YYYY-MM-DD` line, and README.md lists it exactly once, in number order,
// as `- [NNN](file) Title` (a trailing "(superseded …)" or "(split …)" note allowed). Exits 1 on
// any problem. `npm run lint` runs it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../docs/decisions');
const files = readdirSync(dir).filter((name) => /^\d{3}-.*\.md$/.test(name));
const entries = [...readFileSync(path.join(dir, 'README.md'), 'utf8').matchAll(/^- \[(\d{3})\]\(([^)]+)\) (.*)$/gm)].map((m) => ({
  number: m[1],
  file: m[2],
  title: m[3].replace(/ \((superseded|split)[^)]*\)$/, ''),
}));
const problems = [];
for (const file of files) {
  const text = readFileSync(path.join(dir, file), 'utf8');
  const heading = /^# (\d{3}) (.+)$/m.exec(text.split('\n')[0] ?? '');
  if (!heading || heading[1] !== file.slice(0, 3)) problems.push(`${file}: the first line is not "# ${file.slice(0, 3)} Title"`);
  if (!/^Status: /m.test(text)) problems.push(`${file}: no Status line`);
  if (!/^Date: \d{4}-\d{2}-\d{2}$/m.test(text)) problems.push(`${file}: no "Date: YYYY-MM-DD" line`);
  const listed = entries.filter((entry) => entry.file === file);
  if (listed.length !== 1) problems.push(`${file}: listed ${listed.length} times in README.md`);
  else if (heading && (listed[0].number !== heading[1] || listed[0].title !== heading[2]))
    problems.push(
      `${file}: README.md lists it as "${listed[0].number} ${listed[0].title}", its heading says "${heading[1]} ${heading[2]}"`,
    );
}
for (const entry of entries) if (!files.includes(entry.file)) problems.push(`README.md lists ${entry.file}, which does not exist`);
const numbers = entries.map((entry) => Number(entry.number));
if (numbers.some((number, i) => i > 0 && number < numbers[i - 1])) problems.push('README.md does not list the records in number order');
for (const problem of problems) console.log(problem);
console.log(`${files.length} decision records, ${problems.length} problem(s)`);
if (problems.length > 0) process.exit(1);
