import { brandsNamedIn } from '../../packages/scanner/src/brand/named-brands.ts';
import { pageBrandCatalogue } from '../../packages/scanner/src/brand/page-brands.ts';
const c = pageBrandCatalogue();
for (const t of ['acme', 'cloud', 'portal']) console.log(t, brandsNamedIn(t, c).map((b) => b.name + ' ' + b.domains[0]));
