import { csvRecord, plainCell, textCell, UTF8_BOM } from '@linq/contract';
import type { Dataset } from './datasets.ts';

/** One dataset ready for the ZIP: its two files written lazily, row page by row page. */
export interface ExportPart {
  file: string;
  description: string;
  columns: { name: string; description: string }[];
  csv(): AsyncGenerator<string>;
  json(): AsyncGenerator<string>;
}

type Cell = string | number | boolean | null;

const csvCell = (value: Cell, typed: boolean | undefined): string =>
  typed && typeof value === 'string' ? textCell(value) : plainCell(typeof value === 'boolean' ? String(value) : value);

export function partOf<Row>(dataset: Dataset<Row>): ExportPart {
  const record = (row: Row): Record<string, unknown> =>
    Object.fromEntries(dataset.columns.map((column) => [column.name, column.cell(row)]));
  return {
    file: dataset.file,
    description: dataset.description,
    columns: dataset.columns.map(({ name, description }) => ({ name, description })),
    async *csv() {
      // UTF-8 with a BOM, so that Excel reads the Japanese text as UTF-8.
      yield UTF8_BOM + csvRecord(dataset.columns.map((column) => plainCell(column.name)));
      for await (const page of dataset.pages()) {
        yield page.map((row) => csvRecord(dataset.columns.map((c) => csvCell(c.cell(row), c.typed)))).join('');
      }
    },
    async *json() {
      // One JSON array, written a page at a time.
      let first = true;
      yield '[';
      for await (const page of dataset.pages()) {
        const records: string[] = [];
        for (const row of page) records.push(JSON.stringify(dataset.json ? await dataset.json(row) : record(row)));
        yield (first ? '\n' : ',\n') + records.join(',\n');
        first = false;
      }
      yield '\n]\n';
    },
  };
}

/** The README.md at the ZIP's root: what each file holds and its columns. */
export function readme(parts: ExportPart[], channelName: string, exportedAt: Date): string {
  const sections = parts.map((part) =>
    [
      `## ${part.file}.csv / ${part.file}.json`,
      '',
      part.description,
      '',
      '| column | meaning |',
      '| --- | --- |',
      ...part.columns.map((column) => `| ${column.name} | ${column.description.replaceAll('|', '\\|')} |`),
      '',
    ].join('\n'),
  );
  return [
    `# Export of the LINE channel「${channelName}」`,
    '',
    `Exported at ${exportedAt.toISOString()}.`,
    '',
    'Every dataset is here twice: as CSV (UTF-8 with a BOM, so Excel opens it; one record per line, CRLF;',
    'a cell holding a list has one item per line inside the cell; a text starting like a formula is',
    "prefixed with ' so a spreadsheet keeps it as text) and as JSON (an array of objects, lists and",
    'nested parts as JSON values). Times are ISO 8601 in UTC. Ids are ours: other files refer to a',
    'friend by friends.id (friend_id) and to a form by forms.id (form_id).',
    '',
    'Rich-menu images are in rich_menus/images/, named by the menu id.',
    '',
    ...sections,
  ].join('\n');
}
