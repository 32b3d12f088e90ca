import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import type { ImportEncoding } from '@linq/contract';

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Watches bytes go by and tells their encoding at the end: UTF-8 (with or without BOM) when every
 * byte of the whole file is valid UTF-8, Shift_JIS (CP932, what Japanese Excel writes) otherwise.
 * The whole file is checked, not its start: a header in ASCII says nothing about the names below.
 */
export class EncodingSniffer {
  #decoder = new TextDecoder('utf-8', { fatal: true });
  #first: number[] = [];
  #valid = true;

  push(chunk: Uint8Array): void {
    if (this.#first.length < BOM.length) this.#first.push(...chunk.subarray(0, BOM.length - this.#first.length));
    if (!this.#valid) return;
    try {
      this.#decoder.decode(chunk, { stream: true });
    } catch {
      this.#valid = false;
    }
  }

  encoding(): ImportEncoding {
    if (this.#valid) {
      try {
        this.#decoder.decode();
      } catch {
        this.#valid = false;
      }
    }
    if (!this.#valid) return 'shift_jis';
    return BOM.every((byte, index) => this.#first[index] === byte) ? 'utf-8-bom' : 'utf-8';
  }
}

/** The encoding of bytes held in memory (tests, small files). */
export function detectEncoding(bytes: Uint8Array): ImportEncoding {
  const sniffer = new EncodingSniffer();
  sniffer.push(bytes);
  return sniffer.encoding();
}

/** A pass-through stream feeding a sniffer (the upload is written to storage through it). */
export function sniffing(sniffer: EncodingSniffer): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sniffer.push(chunk);
      done(null, chunk);
    },
  });
}

export interface CsvRecord {
  /** The record's last line in the file (the header is line 1). */
  line: number;
  cells: string[];
}

/**
 * The file's records, one at a time, decoded and parsed as they stream by (a file of any size runs
 * in the memory of a few chunks). The first is the header. Lines with nothing on them are skipped.
 */
export async function* readRecords(source: Readable, encoding: ImportEncoding): AsyncGenerator<CsvRecord> {
  const decoded = source.pipe(iconv.decodeStream(encoding === 'shift_jis' ? 'cp932' : 'utf8'));
  const parser = decoded.pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }),
  );
  source.on('error', (error) => parser.destroy(error));
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { line: info.lines, cells: record };
  }
}

/** The bytes of a CSV in an encoding (the demo's Shift_JIS sample, tests). */
export function encodeCsv(text: string, encoding: ImportEncoding): Buffer {
  if (encoding === 'shift_jis') return iconv.encode(text, 'cp932');
  const body = Buffer.from(text, 'utf8');
  return encoding === 'utf-8-bom' ? Buffer.concat([Buffer.from(BOM), body]) : body;
}
