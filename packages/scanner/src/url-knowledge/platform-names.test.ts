import { describe, expect, it } from 'vitest';
import { chosenTenantName } from './platform-names.ts';

// Decision 685: what a free platform makes of a tenant's name is no evidence about the tenant.
describe("the part of a tenant's name its owner chose (decision 685)", () => {
  it("drops the names and ids platforms generate, keeps the owner's words", () => {
    expect(chosenTenantName('competent-yonath-7f9d16', '', 'netlify.app').label).toBe('');
    expect(chosenTenantName('65b7d3757c56390008a2d84a--ods-docs', '', 'netlify.app').label).toBe('ods-docs');
    expect(chosenTenantName('portfolio-six-livid-ti0bj1fdj4', '', 'vercel.app').label).toBe('portfolio');
    expect(chosenTenantName('portfolio-nx71wq7e0-g3nosss-projects', '', 'vercel.app').label).toBe('portfolio-g3nosss-projects');
    expect(chosenTenantName('my-blog', '4f2a1b3c', 'pages.dev')).toEqual({ label: 'my-blog', subdomain: '' });
    expect(chosenTenantName('textric-web-production', '', 'railway.app').label).toBe('textric-web');
    expect(chosenTenantName('logger-8i35', '', 'onrender.com').label).toBe('logger');
  });

  it('keeps names a person wrote that only look generated', () => {
    expect(chosenTenantName('account-help-id03634681', '', 'vercel.app').label).toBe('account-help-id03634681');
    expect(chosenTenantName('hello-world-abcdef', '', 'netlify.app').label).toBe('hello-world-abcdef');
    expect(chosenTenantName('dark-jade', '', 'vercel.app').label).toBe('dark-jade');
  });
});
