/**
 * The parts of an IAB GPP 1.1 string AdNet acts on: the TCF EU v2 section (id 2), whose payload is a
 * TC string, and whether the visitor opted out in a US section (uspv1, usnat or a state's). A GPP
 * string is `header~section~section…`: the header lists the section ids, in the order they follow.
 */
export interface GppSignals {
  tcString?: string;
  usOptOut: boolean;
}

export const TCF_EU_SECTION = 2;
const US_PRIVACY_SECTION = 6;

/**
 * Where each US section keeps its opt-outs of sale, sharing and targeted advertising (bit offsets
 * of 2-bit fields, in which 1 means "opted out"), after its version and notice fields.
 */
const US_OPT_OUT_BITS: Record<number, number[]> = {
  7: [18, 20, 22], // usnat
  8: [12, 14], // usca
  9: [12, 14], // usva
  10: [12, 14], // usco
  11: [14, 16], // usut
  12: [12, 14], // usct
};

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A malformed string tells nothing: callers read that as no consent. */
export function gppSignals(gpp: string): GppSignals | undefined {
  const [header, ...sections] = gpp.split("~");
  const ids = sectionIds(header);
  if (!ids || ids.length !== sections.length) return undefined;
  const signals: GppSignals = { usOptOut: false };
  ids.forEach((id, index) => {
    const section = sections[index];
    if (id === TCF_EU_SECTION) signals.tcString = section;
    else if (id === US_PRIVACY_SECTION) signals.usOptOut ||= usPrivacyOptedOut(section);
    else if (US_OPT_OUT_BITS[id]) signals.usOptOut ||= usSectionOptedOut(section, US_OPT_OUT_BITS[id]);
  });
  return signals;
}

/** The IAB US Privacy string (`1YNN`): its third character says whether the visitor opted out of sale. */
export function usPrivacyOptedOut(usPrivacy: string): boolean {
  return /^1[YN-][Y][YN-]$/i.test(usPrivacy);
}

function usSectionOptedOut(section: string, offsets: number[]): boolean {
  const bits = bitsOf(section.split(".")[0]);
  return !!bits && offsets.some((offset) => bits.slice(offset, offset + 2) === "01");
}

function bitsOf(text: string): string | undefined {
  let bits = "";
  for (const char of text) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) return undefined;
    bits += value.toString(2).padStart(6, "0");
  }
  return bits;
}

/** The header: type 3, version 1, then the section ids as a Fibonacci-coded range. */
function sectionIds(header: string): number[] | undefined {
  const bits = bitsOf(header);
  if (!bits || parseInt(bits.slice(0, 6), 2) !== 3) return undefined;
  const count = parseInt(bits.slice(12, 24), 2);
  const reader = { bits, at: 24 };
  const ids: number[] = [];
  let last = 0;
  for (let entry = 0; entry < count; entry++) {
    const isRange = bits[reader.at++] === "1";
    const start = last + fibonacci(reader);
    const end = isRange ? start + fibonacci(reader) : start;
    if (Number.isNaN(start) || Number.isNaN(end) || end - start > 64) return undefined;
    for (let id = start; id <= end; id++) ids.push(id);
    last = end;
  }
  return ids;
}

/** A Fibonacci-coded integer: bit i stands for the (i+2)th Fibonacci number, ended by "11". */
function fibonacci(reader: { bits: string; at: number }): number {
  let value = 0;
  let [small, large] = [1, 2];
  for (let previous = "0"; reader.at < reader.bits.length; [small, large] = [large, small + large]) {
    const bit = reader.bits[reader.at++];
    if (bit === "1" && previous === "1") return value;
    if (bit === "1") value += small;
    previous = bit;
  }
  return NaN;
}
