/**
 * Hostile files, made at test time (issue #27 §2): images whose header declares more pixels than their bytes hold,
 * images whose compressed pixels are garbage, ZIP bombs honest and lying about their sizes, malformed multipart bodies.
 * Small on the wire, each one costs a careless server seconds, gigabytes or a 500.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG (8-bit RGB) whose header declares width × height, with `idat` as its compressed pixels (valid CRCs). */
export function pngDeclaring(width: number, height: number, idat: Buffer) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG declaring 30000 × 30000 pixels (900 MP, 3.6 GB once decoded) in a few kilobytes. */
export const pngBomb = () => pngDeclaring(30_000, 30_000, deflateSync(Buffer.alloc(64 * 1024)));

/** A PNG with a valid header and CRCs, and compressed pixels that are not a zlib stream. */
export function pngGarbage() {
  // the same noise on every run: a SHA-256 chain
  const blocks = [createHash('sha256').update('tulip').digest()];
  while (blocks.length < 125) blocks.push(createHash('sha256').update(blocks[blocks.length - 1]).digest());
  return pngDeclaring(120, 80, Buffer.concat(blocks));
}

/** A real, valid PNG of width × height black pixels: heavy to decode, light to send. */
export function pngBlack(width: number, height: number) {
  return pngDeclaring(width, height, deflateSync(Buffer.alloc(height * (1 + width * 3)), { level: 9 }));
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

/** A DOCX whose word/document.xml inflates to `mb` megabytes (of spaces): a few hundred kilobytes on the wire. */
export function docxBomb(mb = 200) {
  const xml = new Uint8Array(mb * 1024 * 1024).fill(0x20);
  return Buffer.from(zipSync({ '[Content_Types].xml': new TextEncoder().encode(CONTENT_TYPES), 'word/document.xml': [xml, { level: 9 }] }));
}

/**
 * The same bomb whose central directory and local header both declare word/document.xml 1000 bytes long: a check
 * that believes the directory lets it through.
 */
export function docxBombLying(bomb: Buffer) {
  const zip = Buffer.from(bomb);
  const name = Buffer.from('word/document.xml');
  for (let i = 0; i + 46 < zip.length; i++) {
    const sig = zip.readUInt32LE(i);
    if (sig === 0x04034b50 && zip.subarray(i + 30, i + 30 + name.length).equals(name)) zip.writeUInt32LE(1000, i + 22);
    if (sig === 0x02014b50 && zip.subarray(i + 46, i + 46 + name.length).equals(name)) zip.writeUInt32LE(1000, i + 24);
  }
  return zip;
}

/**
 * Multipart bodies that no parser should turn into a 500. `malformed`: the parser cannot read it (a 400 that says so);
 * otherwise the parser skips the garbage and what is left is refused for what it is (still a 4xx).
 */
export function malformedMultipart(): { label: string; contentType: string; payload: Buffer; malformed: boolean }[] {
  const b = 'tulipXYZ';
  const type = `multipart/form-data; boundary=${b}`;
  const head = `--${b}\r\nContent-Disposition: form-data; name="file"; filename="firma.png"\r\nContent-Type: image/png\r\n\r\n`;
  const junk = (n: number) => '\u0001a;="'.repeat(Math.ceil(n / 5)).slice(0, n);
  return [
    { label: 'no boundary', contentType: 'multipart/form-data', payload: Buffer.from(`${head}abc\r\n--${b}--\r\n`), malformed: true },
    { label: 'truncated body', contentType: type, payload: Buffer.concat([Buffer.from(head), pngGarbage().subarray(0, 100)]), malformed: true },
    { label: 'cut inside the part headers', contentType: type, payload: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"`), malformed: true },
    { label: '200 KB of garbage as the part headers, never ended', contentType: type, payload: Buffer.from(`--${b}\r\n${junk(200_000)}`), malformed: true },
    { label: 'boundary never seen', contentType: type, payload: Buffer.from('just text, no parts at all'), malformed: false },
    {
      label: '200 KB of garbage in a part header',
      contentType: type,
      payload: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nX-Junk: ${junk(200_000)}\r\n\r\nabc\r\n--${b}--\r\n`),
      malformed: false,
    },
    {
      label: '200 KB of garbage as the disposition',
      contentType: type,
      payload: Buffer.from(`--${b}\r\nContent-Disposition: ${junk(200_000)}\r\n\r\nabc\r\n--${b}--\r\n`),
      malformed: false,
    },
  ];
}
