// The catalog answers' JSON in the packed form the page reads fastest (shared/catalog-wire.ts), made in turns and once
// per catalog: the page's answer and the stored catalog's file are the same bytes.
import { catalogPacker, type CatalogPacking, type PackedCatalog } from "../../shared/catalog-wire";
import type { ScanResult, StoredCatalog } from "../../shared/model";
import { mapInTurns } from "../engine/fs/bounded";
import { jsonInTurns } from "./json-in-turns";

/** Skills packed between two turns of the event loop. */
const ROWS_PER_TURN = 500;

/** packCatalog a few hundred rows per turn: packing ten thousand skills at once would hold the answering thread. */
async function packCatalogInTurns(catalog: ScanResult): Promise<PackedCatalog> {
  const { rest, packRow } = catalogPacker(catalog);
  return { ...rest, skillRows: await mapInTurns(catalog.skills, ROWS_PER_TURN, packRow) };
}

const made = new WeakMap<ScanResult, Promise<Buffer[]>>();

/** The packed catalog's JSON in pieces, made once per catalog object. */
export function catalogJson(catalog: ScanResult): Promise<Buffer[]> {
  let json = made.get(catalog);
  if (!json) {
    json = packCatalogInTurns(catalog).then(jsonInTurns);
    made.set(catalog, json);
  }
  return json;
}

/** A stored catalog's JSON ({catalog, savedAt}) with the catalog packed, in pieces. */
async function storedCatalogJson(stored: StoredCatalog): Promise<Buffer[]> {
  const { catalog, ...rest } = stored;
  const tail = JSON.stringify(rest);
  return [
    Buffer.from('{"catalog":'),
    ...(await catalogJson(catalog)),
    Buffer.from(tail === "{}" ? "}" : `,${tail.slice(1)}`),
  ];
}

/** A packed channel's answer as JSON pieces (a stored catalog may be absent: null). */
export async function packedAnswerJson(value: unknown, packing: CatalogPacking): Promise<Buffer[]> {
  if (value === null) return [Buffer.from("null")];
  return packing === "catalog" ? catalogJson(value as ScanResult) : storedCatalogJson(value as StoredCatalog);
}
