import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { Tokens } from './tokens';

const SECRET = 'unit-test-secret-0123456789-0123456789';
const tokens = () => Tokens.create(null as never, SECRET);
const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('HS256 tokens', () => {
  it('verifies what it signs, of the right kind only, until it expires', async () => {
    const t = await tokens();
    const { token, jti } = await t.sign('a', 7, 60, { fam: '5b1d2c1e-6a53-4d2e-9a43-0c3b8a1f0d11' });
    expect(await t.verify(token, 'a')).toMatchObject({ sub: '7', jti, typ: 'a', fam: '5b1d2c1e-6a53-4d2e-9a43-0c3b8a1f0d11' });
    expect(await t.verify(token, 'r')).toBeNull();
    expect(await t.verify((await t.sign('a', 7, -1)).token, 'a')).toBeNull();
  });

  it('checks a signature once per token, and the expiry and kind at every use (issue #30)', async () => {
    const t = await tokens();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { token } = await t.sign('a', 7, 2);
      expect(await t.verify(token, 'a')).toMatchObject({ sub: '7' });
      // the second use is answered from the verified tokens: still the kind is checked, and the expiry with the time
      expect(await t.verify(token, 'u')).toBeNull();
      vi.setSystemTime(Date.now() + 3000); // real-clock: token expiry follows the real clock, moved past it here
      expect(await t.verify(token, 'a')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('interoperates with a standard JWT library both ways', async () => {
    const t = await tokens();
    const key = new TextEncoder().encode(SECRET);
    const theirs = await new SignJWT({ typ: 'r' }).setProtectedHeader({ alg: 'HS256' }).setSubject('3').setJti('j1').setExpirationTime('1h').sign(key);
    expect(await t.verify(theirs, 'r')).toMatchObject({ sub: '3', jti: 'j1' });
    const { jwtVerify } = await import('jose');
    const ours = (await t.sign('u', 3, 60)).token;
    expect((await jwtVerify(ours, key)).payload).toMatchObject({ sub: '3', typ: 'u' });
  });

  it('refuses tampered, unsigned, other-algorithm and malformed tokens', async () => {
    const t = await tokens();
    const { token } = await t.sign('a', 1, 60);
    const [h, , s] = token.split('.');
    const exp = Math.floor(Date.now() / 1000) + 60; // real-clock: token expiry follows the real clock
    const forged = `${h}.${part({ typ: 'a', sub: '2', jti: 'x', exp })}.${s}`;
    const none = `${part({ alg: 'none' })}.${part({ typ: 'a', sub: '1', jti: 'x', exp })}.`;
    const hs512body = `${part({ alg: 'HS512' })}.${part({ typ: 'a', sub: '1', jti: 'x', exp })}`;
    const hs512 = `${hs512body}.${createHmac('sha512', SECRET).update(hs512body).digest('base64url')}`;
    const otherKey = `${h}.${token.split('.')[1]}.${createHmac('sha256', 'another').update(`${h}.${token.split('.')[1]}`).digest('base64url')}`;
    for (const bad of [forged, none, hs512, otherKey, 'a.b', 'a.b.c.d', `${token}x`, '..', `${h}.%%%.${s}`]) expect(await t.verify(bad, 'a')).toBeNull();
  });
});
