// How a number prints when CFML turns it into text (output, concatenation, lists, JSON): as Lucee's
// Caster.toString(double) does, so `0.1 + 0.2` prints 0.3 and `1/3` 0.333333333333. A whole number
// prints all its digits (no exponent); a number within 1e-12 of a whole one prints that one; any
// other prints at most 12 digits after the point, rounded half-even from its shortest digits (Java's
// DecimalFormat "#.############"), never in exponent form.

const TWO_63 = 2 ** 63;

export function numToStr(n: number): string {
  if (Number.isInteger(n)) {
    if (n <= Number.MAX_SAFE_INTEGER && n >= -Number.MAX_SAFE_INTEGER) return n === 0 ? "0" : String(n);
    // Java's (long) cast saturates: 2^63 itself prints as Long.MAX_VALUE; beyond it, padded digits.
    if (n === TWO_63) return "9223372036854775807";
    if (n >= -TWO_63 && n < TWO_63) return BigInt(n).toString();
    return fixed12(n);
  }
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "∞" : "-∞";
  const whole = Math.trunc(n);
  if (Math.abs(n - whole) < 1e-12) return numToStr(whole);
  return fixed12(n);
}

/** `n` with at most 12 fraction digits, from its shortest round-trip digits. */
function fixed12(n: number): string {
  const a = Math.abs(n);
  const [mantissa, exponent] = a.toExponential().split("e") as [string, string];
  const digits = mantissa.replace(".", "");
  const point = Number(exponent) + 1; // digits before the decimal point
  let int: string;
  let frac: string;
  if (point <= 0) [int, frac] = ["0", "0".repeat(-point) + digits];
  else if (point >= digits.length) [int, frac] = [digits + "0".repeat(point - digits.length), ""];
  else [int, frac] = [digits.slice(0, point), digits.slice(point)];
  if (frac.length > 12) {
    const kept = frac.slice(0, 12);
    if (roundsUp(a, kept, frac.slice(12))) [int, frac] = addOneUlp(int, kept);
    else frac = kept;
  }
  let end = frac.length;
  while (end > 0 && frac[end - 1] === "0") end--;
  frac = frac.slice(0, end);
  const text = frac ? `${int}.${frac}` : int;
  return n < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * Whether dropping `rest` (the digits after the 12th) rounds up. A lone 5 is a tie only in the
 * shortest digits; as Java does, the exact binary value decides, and only a true tie goes to even.
 */
function roundsUp(a: number, kept: string, rest: string): boolean {
  if (rest[0] !== "5") return rest[0]! > "5";
  if (rest.length > 1) return true;
  const exact = a.toFixed(100).split(".")[1]!;
  const tie = `${kept}5`;
  const head = exact.slice(0, 13);
  if (head !== tie) return head > tie;
  if (/[1-9]/.test(exact.slice(13))) return true;
  return Number(kept[11]) % 2 === 1;
}

/** int.kept plus one in the last kept digit, carrying into the whole part. */
function addOneUlp(int: string, kept: string): [string, string] {
  const sum = (BigInt(int + kept) + 1n).toString().padStart(int.length + 12, "0");
  return [sum.slice(0, sum.length - 12), sum.slice(sum.length - 12)];
}
