import { describe, expect, it } from 'vitest';
import { acceptedKinds, accepts, fileProblem, formatBytes, isPreviewable, kindOf, MAX_FILE_BYTES } from './fileChecks';

const IMAGES = 'image/png,image/jpeg,image/webp';

describe('what a file field lets through before the upload', () => {
  it.each([
    [undefined, 'a.exe', 'application/x-msdownload', true],
    ['', 'a.pdf', 'application/pdf', true],
    [IMAGES, 'logo.png', 'image/png', true],
    [IMAGES, 'LOGO.JPG', 'image/jpeg', true],
    [IMAGES, 'nota.pdf', 'application/pdf', false],
    ['image/*', 'foto.webp', 'image/webp', true],
    ['image/*', 'nota.pdf', 'application/pdf', false],
    ['.pdf, image/png', 'Scontrino.PDF', 'application/pdf', true],
    ['.pdf', 'scontrino.pdf', '', true],
    ['.pdf', 'scontrino.txt', '', false],
    // the browser could not tell the type: the server reads it from the content
    [IMAGES, 'logo', '', true],
  ])('accept %j takes %j (%j): %j', (accept, name, type, ok) => {
    expect(accepts(accept, { name, type })).toBe(ok);
  });

  it('refuses a file over the store’s 10 MB before sending it', () => {
    expect(MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
    expect(fileProblem({ name: 'grande.pdf', type: 'application/pdf', size: MAX_FILE_BYTES + 1 })).toEqual({
      key: 'file.troppo_grande',
      params: { nome: 'grande.pdf', max: '10 MB' },
    });
    expect(fileProblem({ name: 'giusto.pdf', type: 'application/pdf', size: MAX_FILE_BYTES })).toBeNull();
  });

  it('says which kinds are accepted when the type is wrong', () => {
    expect(fileProblem({ name: 'nota.pdf', type: 'application/pdf', size: 10 }, IMAGES)).toEqual({
      key: 'avvisi.tipo_file_non_ammesso',
      params: { tipi: 'PNG, JPEG, WebP' },
    });
    expect(acceptedKinds('.pdf,image/png,application/x-custom')).toBe('PDF, PNG, application/x-custom');
  });
});

describe('how a file is named on screen', () => {
  it.each([
    ['image/png', 'PNG'],
    ['application/pdf', 'PDF'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'XLSX'],
    ['application/zip', 'application/zip'],
  ])('%s -> %s', (type, kind) => {
    expect(kindOf(type)).toBe(kind);
  });

  it.each([
    [0, '0 B'],
    [850, '850 B'],
    [1024, '1 kB'],
    [12_800, '13 kB'],
    [1024 * 1024, '1 MB'],
    [1.5 * 1024 * 1024, '1,5 MB'],
    [10 * 1024 * 1024, '10 MB'],
  ])('%d bytes -> %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('previews only images a browser shows', () => {
    expect(isPreviewable('image/png')).toBe(true);
    expect(isPreviewable('image/jpeg')).toBe(true);
    expect(isPreviewable('image/svg+xml')).toBe(false);
    expect(isPreviewable('application/pdf')).toBe(false);
  });
});
