// The catalog answers' JSON in the packed form the page reads fastest (shared/catalog-wire.ts), made in turns and once
// per catalog: the page's answer and the stored catalog's file are the same bytes.
import { packCatalog, type CatalogPacking } from "../../shared/catalog-wire";
import type { ScanResult, StoredCatalog } from "../../shared/model";
import { jsonInTurns } from "./json-in-turns";

const made = new WeakMap<ScanResult, Promise<Buffer[]>>();

/** The packed catalog's JSON in pieces, made once per catalog object. */
export function catalogJson(catalog: ScanResult): Promise<Buffer[]> {
  let json = made.get(catalog);
  if (!json) {
    json = jsonInTurns(packCatalog(catalog));
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
