import { inflateSync } from 'node:zlib';

const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_ENTRY_BYTES = 16;

/**
 * A WOFF 1.0 font unpacked to the plain OpenType (sfnt) file it wraps: each table inflated once and laid
 * out 4-byte aligned. The PDF library reads a WOFF's tables by inflating them again on every access,
 * which makes subsetting a Japanese font take over a minute; from the sfnt it takes milliseconds.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const at = WOFF_HEADER_BYTES + index * WOFF_ENTRY_BYTES;
    const offset = woff.readUInt32BE(at + 4);
    const compressedLength = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressedLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressedLength < length ? inflateSync(stored) : stored,
    };
  });
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector += 1;
  }
  const header = Buffer.alloc(12 + SFNT_ENTRY_BYTES * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's flavor (CFF or TrueType)
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange * SFNT_ENTRY_BYTES, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE((numTables - searchRange) * SFNT_ENTRY_BYTES, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const at = 12 + index * SFNT_ENTRY_BYTES;
    table.tag.copy(header, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}
