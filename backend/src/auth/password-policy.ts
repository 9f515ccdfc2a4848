import { dictionary } from "@zxcvbn-ts/language-common";
import { ValidationError } from "../common/errors";
import { passwordText } from "../common/validate";

/**
 * What OWASP ASVS 5 (V6) asks of a chosen password beyond its length: that it is not one of the
 * passwords people pick most (the first to be tried in any guessing attack), and not made from
 * what an attacker already knows about the account. No composition rules: those push people to
 * `Password1!`, which the list refuses anyway.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary["passwords-common"]);

/** Letters a password must keep once its owner's words are taken out. */
const MIN_OWN_LETTERS = 4;

export interface PasswordOwner {
  email: string;
  fullName: string;
}

/** Why a password may not be chosen, as a sentence for the form, or null when it may. */
export function passwordWeakness(password: string, owner: PasswordOwner): string | null {
  const folded = password.toLowerCase();
  if (COMMON_PASSWORDS.has(folded)) return "This password is one of the most commonly used, so it is among the first guessed: choose another";
  if (ownLetters(folded, ownerWords(owner)) < MIN_OWN_LETTERS) {
    return "This password is made from your email address or name, which others may know: add words of your own";
  }
  return null;
}

/** A password its owner may choose: long enough, and neither common nor made from their address or name. */
export function choosablePassword(field: string, value: unknown, owner: PasswordOwner): string {
  const password = passwordText(field, value);
  const weakness = passwordWeakness(password, owner);
  if (weakness) throw new ValidationError(field, weakness);
  return password;
}

/** The words of the address and the name, longest first so a word is not taken out piece by piece. */
function ownerWords({ email, fullName }: PasswordOwner): string[] {
  const local = email.split("@")[0] ?? "";
  const words = [local, ...email.toLowerCase().split(/[^\p{L}\p{N}]+/u), ...fullName.toLowerCase().split(/[^\p{L}\p{N}]+/u), fullName.toLowerCase().replace(/\s+/g, "")];
  return [...new Set(words.filter((word) => word.length >= 3))].sort((a, b) => b.length - a.length);
}

function ownLetters(password: string, words: string[]): number {
  let rest = password;
  for (const word of words) rest = rest.split(word).join(" ");
  return rest.replace(/[^\p{L}]/gu, "").length;
}
