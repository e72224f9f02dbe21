/**
 * A large JSON answer written piece by piece straight into bytes (issue #30). Appending thousands of small strings to
 * one string builds a rope that every later step walks again: Fastify measures its UTF-8 length, then the socket (or
 * inject) encodes it. Here short runs of text are joined into a flat string and encoded once into one growing Buffer,
 * which is sent as it is.
 */
export class JsonBytes {
  private buf = Buffer.allocUnsafe(64 * 1024);
  private len = 0;
  private run = '';

  /** Appends text (already JSON: the caller writes the syntax and escapes strings with JSON.stringify). */
  push(text: string): void {
    this.run += text;
    if (this.run.length >= 8192) this.flush();
  }

  get empty(): boolean {
    return this.len === 0 && this.run === '';
  }

  /** The bytes written so far (a view of the buffer, not a copy). */
  bytes(): Buffer {
    this.flush();
    return this.buf.subarray(0, this.len);
  }

  private flush() {
    if (!this.run) return;
    // a UTF-16 code unit is at most 3 bytes of UTF-8
    const need = this.len + this.run.length * 3;
    if (need > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
      this.buf.copy(grown, 0, 0, this.len);
      this.buf = grown;
    }
    this.len += this.buf.write(this.run, this.len, 'utf8');
    this.run = '';
  }
}
