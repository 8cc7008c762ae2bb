/**
 * JSON: an array of row objects, or `{"rows": [...]}`. A row's keys are its headers; its values
 * stay what the JSON held (numbers, booleans, an `attributes` object).
 */

import { fileProblem, type ImportProblem, type SourceRecord, type TableRead } from './import-table';

export function readJsonText(text: string): TableRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fileProblem(`not valid JSON: ${(error as Error).message}`);
  }
  return readJsonTable(value);
}

/** Headers: every key some row has, in the order they first appear. Rows are the n-th object from 1. */
export function readJsonTable(value: unknown): TableRead {
  const list = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.rows) ? value.rows : null;
  if (!list) return fileProblem('JSON must be an array of rows, or {"rows": [...]}');
  const problems: ImportProblem[] = [];
  const headerIndex = new Map<string, number>();
  const objects: { row: number; item: Record<string, unknown> }[] = [];
  list.forEach((item: unknown, index) => {
    const row = index + 1;
    if (!isObject(item)) {
      problems.push({ row, column: null, reason: 'a row must be an object such as {"sku": "KF-DP-0001", "price": 1299}' });
      return;
    }
    for (const key of Object.keys(item)) if (!headerIndex.has(key)) headerIndex.set(key, headerIndex.size);
    objects.push({ row, item });
  });
  if (problems.length > 0) return { ok: false, problems };
  const headers = [...headerIndex.keys()];
  const records: SourceRecord[] = objects.map(({ row, item }) => ({ row, values: headers.map((key) => (Object.hasOwn(item, key) ? item[key] : undefined)) }));
  return { ok: true, table: { headerRow: null, headers, records } };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
