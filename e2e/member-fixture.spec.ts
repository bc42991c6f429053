import { expect, test } from './support/fixtures.ts';
import type { Member } from './support/members.ts';

// Two tests in order: the first is handed a member, the second looks for it after the fixture's teardown.
test.describe.serial('the member fixture', () => {
  let handed: Member | undefined;

  test('hands the test an activated member who can sign in', async ({ member, request }) => {
    handed = member;
    const signIn = await request.post('/api/v1/login/', { data: { email: member.email, password: member.password } });
    expect(signIn.status()).toBe(200);
  });

  test('deletes the member once its test is over: no account row, and signing in is refused', async ({ request, serverDatabase }) => {
    if (!handed) throw new Error('the first test did not run');
    const rows = await serverDatabase.query('select 1 from users where uid = $1 or email = $2', [handed.uid, handed.email]);
    expect(rows.rowCount).toBe(0);
    const signIn = await request.post('/api/v1/login/', { data: { email: handed.email, password: handed.password } });
    expect(signIn.status()).toBe(400);
  });
});
