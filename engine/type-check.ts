// The types dbt:param checks a value against (type="integer", "email", …), shared with the
// function library's isValid(), which knows these and CFML's others (engine/functions/misc.ts).
import { asBool, isDate, isStruct, typeName } from "./values.js";

// RFC 5322's dot-atom local part; a domain of letter-digit labels with an alphabetic top level.
// Letters and digits of any script count (RFC 6531 addresses, IDN domains: test@müller.de), as
// Lucee reads them.
const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}_-]*[\\p{L}\\p{M}\\p{N}])?";
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+\\p{L}[\\p{L}\\p{M}]+$`, "u");
const CFML_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{16}$/i;
const INTEGER = /^\s*[+-]?\d+(\.0*)?\s*$/;
const INT32 = (n: number) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647;

/** Is the value of one of CFML's simple types (a string, number, boolean or date)? */
export const isSimpleType = (v: unknown): boolean => ["string", "number", "boolean", "date"].includes(typeName(v));

/** Is `v` of dbt:param's type `type`? (isValid() asks this for the same types.) */
export function isValidType(type: string, v: unknown): boolean {
  switch (type) {
    case "any":
      return true;
    case "string":
      return isSimpleType(v);
    // CFML's integer is 32-bit: 99999999999 is not one (and would not fit an int column).
    case "integer":
      return typeof v === "number" ? INT32(v) : typeof v === "string" && INTEGER.test(v) && INT32(Number(v));
    // Every number, NaN and ±Infinity too (Lucee: isValid("numeric", exp(1000)) is true).
    case "numeric":
      return typeof v === "number"
        ? true
        : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) && /^[\s+\-.\deE]+$/.test(v);
    case "boolean":
      return asBool(v) !== null;
    case "date":
      return isDate(v);
    case "email":
      return typeof v === "string" && EMAIL.test(v);
    case "uuid":
      // CFML's form (8-4-4-16), not the standard GUID's (isValid("guid", …)), as Lucee checks.
      return typeof v === "string" && CFML_UUID.test(v);
    case "array":
      return Array.isArray(v);
    case "struct":
      return isStruct(v);
    default:
      throw new Error(`Unknown type ${JSON.stringify(type)}`);
  }
}
