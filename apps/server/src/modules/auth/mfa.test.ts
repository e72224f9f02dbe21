import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, hashRecoveryCode, isObliged, parseCode } from './mfa';

describe('second factor: pure rules', () => {
  it('tells a TOTP code from a recovery code, ignoring case, spaces and hyphens', () => {
    expect(parseCode('123456')).toEqual({ totp: '123456' });
    expect(parseCode(' 123 456 ')).toEqual({ totp: '123456' });
    expect(parseCode('ABCDE-FGH23')).toEqual({ recupero: 'abcdefgh23' });
    expect(parseCode('12345')).toBeNull();
    expect(parseCode('abcde-fgh1j')).toBeNull(); // 1 is not base32
    expect(parseCode('')).toBeNull();
  });

  it('formats ten base32 characters in two groups, and hashes a code the way it is typed or shown', () => {
    expect(formatRecoveryCode(new Uint8Array(7))).toBe('aaaaa-aaaaa');
    expect(formatRecoveryCode(new Uint8Array([255, 255, 255, 255, 255, 255, 255]))).toBe('77777-77777');
    expect(() => formatRecoveryCode(new Uint8Array(6))).toThrow();
    const c = formatRecoveryCode(new Uint8Array([1, 2, 3, 4, 5, 6, 7]));
    expect(parseCode(c)).toEqual({ recupero: c.replace('-', '') });
    expect(hashRecoveryCode(c)).toBe(hashRecoveryCode(c.toUpperCase().replace('-', ' ')));
    expect(hashRecoveryCode(c)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('obliges administrators and HR only when the parameter is on', () => {
    expect(isObliged({ mfa_obbligatoria: true }, ['DIPENDENTE', 'AMMINISTRATORE'])).toBe(true);
    expect(isObliged({ mfa_obbligatoria: true }, ['UFFICIO_PERSONALE'])).toBe(true);
    expect(isObliged({ mfa_obbligatoria: true }, ['RESPONSABILE', 'DIPENDENTE'])).toBe(false);
    expect(isObliged({ mfa_obbligatoria: false }, ['AMMINISTRATORE'])).toBe(false);
  });
});
